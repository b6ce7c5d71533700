/// A unified diff between two texts, line by line (`---`, `+++`, then `@@ -l,n +l,n @@` hunks with
/// a few lines of context), as `diff -u` prints it. The edit script is a shortest one, found with
/// Myers' O(ND) algorithm.
public enum UnifiedDiff {
  /// One step of an edit script, with the indexes of the lines it concerns.
  enum Step: Hashable {
    /// Line `old` of the first text equals line `new` of the second.
    case keep(old: Int, new: Int)
    /// Line `old` of the first text is removed.
    case remove(old: Int)
    /// Line `new` of the second text is added.
    case add(new: Int)
  }

  /// The diff turning `old` into `new`.
  ///
  /// - Parameters:
  ///   - old: the expected text.
  ///   - new: the actual text.
  ///   - oldName: the name after `---`.
  ///   - newName: the name after `+++`.
  ///   - context: how many unchanged lines surround each change.
  /// - Returns: the diff's lines, or `nil` when the texts are equal.
  public static func lines(
    from old: String, to new: String, oldName: String, newName: String, context: Int = 3
  ) -> [String]? {
    guard old != new else { return nil }
    return lines(
      from: split(old), to: split(new), oldName: oldName, newName: newName, context: context, shown: { $0 },
      same: ==)
  }

  /// The diff turning the lines `old` into the lines `new`, a line of `old` standing for a line of
  /// `new` when `same` says so (a golden transcript's masked line for the line it matches): those
  /// are shown as `old` has them.
  ///
  /// - Parameters:
  ///   - old: the expected lines; the last one's text ends with `\n` when it lacked a line end.
  ///   - new: the actual lines, read the same way (``split(_:)``).
  ///   - oldName: the name after `---`.
  ///   - newName: the name after `+++`.
  ///   - context: how many unchanged lines surround each change.
  ///   - shown: an expected line's text.
  ///   - same: whether a line of `old` stands for a line of `new`.
  /// - Returns: the diff's lines.
  static func lines<Old>(
    from old: [Old], to new: [String], oldName: String, newName: String, context: Int = 3,
    shown: (Old) -> String, same: (Old, String) -> Bool
  ) -> [String] {
    let steps = edits(from: old, to: new, same: same)
    var output = ["--- \(oldName)", "+++ \(newName)"]
    for hunk in hunks(steps, context: context) {
      output.append(header(for: hunk, of: steps))
      for step in steps[hunk] {
        switch step {
        case .keep(let index, _): output += render(" ", shown(old[index]))
        case .remove(let index): output += render("-", shown(old[index]))
        case .add(let index): output += render("+", new[index])
        }
      }
    }
    return output
  }

  /// A text's lines. A last line without a newline keeps a `\n` as a mark, so that it differs from
  /// the same line with one.
  static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    } else {
      lines[lines.count - 1] += "\n"
    }
    return lines
  }

  /// A line with its prefix, followed by diff's note when it ends the text without a newline.
  private static func render(_ prefix: String, _ line: String) -> [String] {
    guard line.hasSuffix("\n") else { return [prefix + line] }
    return [prefix + line.dropLast(), "\\ No newline at end of file"]
  }

  /// A shortest edit script turning `old` into `new` (Myers, "An O(ND) Difference Algorithm and Its
  /// Variations", 1986): for each number of edits d, the furthest point reached on each diagonal k,
  /// then back from the end through the recorded frontiers.
  static func edits<Element: Equatable>(from old: [Element], to new: [Element]) -> [Step] {
    edits(from: old, to: new, same: ==)
  }

  /// A shortest edit script turning `old` into `new`, an element of `old` standing for an element of
  /// `new` when `same` says so (as ``edits(from:to:)`` with equality).
  static func edits<Old, New>(from old: [Old], to new: [New], same: (Old, New) -> Bool) -> [Step] {
    let (n, m) = (old.count, new.count)
    let offset = n + m + 1
    var frontier = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    search: for d in 0...(n + m) {
      trace.append(frontier)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
          ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
        var y = x - k
        while x < n && y < m && same(old[x], new[y]) {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n && y >= m { break search }
      }
    }
    var steps: [Step] = []
    var (x, y) = (n, m)
    for d in stride(from: trace.count - 1, to: 0, by: -1) {
      let previous = trace[d]
      let k = x - y
      let down = k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1])
      let previousX = previous[offset + (down ? k + 1 : k - 1)]
      let previousY = previousX - (down ? k + 1 : k - 1)
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        steps.append(.keep(old: x, new: y))
      }
      steps.append(down ? .add(new: previousY) : .remove(old: previousX))
      (x, y) = (previousX, previousY)
    }
    while x > 0 && y > 0 {
      x -= 1
      y -= 1
      steps.append(.keep(old: x, new: y))
    }
    return steps.reversed()
  }

  /// Groups the steps into hunks: each change with `context` kept lines around it, changes closer
  /// than twice that sharing a hunk.
  ///
  /// - Returns: the ranges of `steps` each hunk covers.
  static func hunks(_ steps: [Step], context: Int) -> [Range<Int>] {
    let changes = steps.indices.filter { !isKeep(steps[$0]) }
    var hunks: [Range<Int>] = []
    for change in changes {
      let range = max(0, change - context)..<min(steps.count, change + 1 + context)
      if let last = hunks.last, range.lowerBound <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<range.upperBound
      } else {
        hunks.append(range)
      }
    }
    return hunks
  }

  private static func isKeep(_ step: Step) -> Bool {
    if case .keep = step { return true }
    return false
  }

  /// `@@ -start,count +start,count @@` for the steps in `hunk`, numbering lines from 1; a count of
  /// 1 is left out, and an empty range names the line before it, as `diff -u` does.
  private static func header(for hunk: Range<Int>, of steps: [Step]) -> String {
    var (oldBefore, newBefore) = (0, 0)
    for step in steps[..<hunk.lowerBound] {
      switch step {
      case .keep: (oldBefore, newBefore) = (oldBefore + 1, newBefore + 1)
      case .remove: oldBefore += 1
      case .add: newBefore += 1
      }
    }
    var (oldCount, newCount) = (0, 0)
    for step in steps[hunk] {
      switch step {
      case .keep: (oldCount, newCount) = (oldCount + 1, newCount + 1)
      case .remove: oldCount += 1
      case .add: newCount += 1
      }
    }
    func range(_ before: Int, _ count: Int) -> String {
      let start = count == 0 ? before : before + 1
      return count == 1 ? "\(start)" : "\(start),\(count)"
    }
    return "@@ -\(range(oldBefore, oldCount)) +\(range(newBefore, newCount)) @@"
  }
}
