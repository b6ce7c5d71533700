/// Where the names of a row's plans go, in columns of characters (text columns, or the SVG's
/// monospace characters): each name starts at the column where its plan starts, whole, on the
/// first of a few lines where the names before it leave room. Near the picture's right edge a name
/// that does not fit is shortened to what fits, ending with an ellipsis, or, where even that would
/// leave too little of it, moved left to end at the edge. A name is never cut without an
/// ellipsis; one with no line free is left out (its bars and the change's mark still show it).
struct PlanLabels {
  /// One name placed.
  struct Label: Hashable {
    /// Which plan it names (its index in the row's plans).
    var plan: Int
    /// Its line, from 0.
    var line: Int
    /// Its first column.
    var column: Int
    /// The name, or its start and the ellipsis.
    var text: String
    /// Whether it was moved left of its plan's column to end at the picture's edge.
    var isMoved: Bool
  }

  /// At most this many lines of names per row.
  static let maximumLines = 3
  /// A shortened name keeps at least this many characters before the ellipsis.
  static let shortestPrefix = 3

  /// The names placed.
  let labels: [Label]

  /// How many lines the names take.
  var lineCount: Int { (labels.map(\.line).max() ?? -1) + 1 }

  /// Places names.
  ///
  /// - Parameters:
  ///   - starts: each plan's first column and product, in time order.
  ///   - width: the columns there are.
  ///   - ellipsis: what ends a shortened name.
  init(_ starts: [(column: Int, name: String)], width: Int, ellipsis: String) {
    var free = [Int](repeating: 0, count: Self.maximumLines)
    var labels: [Label] = []
    for (index, start) in starts.enumerated() {
      var column = min(max(start.column, 0), max(width - 1, 0))
      var text = Self.fitted(start.name, room: width - column, ellipsis: ellipsis)
      if text == nil && start.name.count <= width {
        column = width - start.name.count
        text = start.name
      }
      guard let text, let line = free.indices.first(where: { free[$0] <= column }) else { continue }
      labels.append(
        Label(plan: index, line: line, column: column, text: text, isMoved: column < start.column))
      free[line] = column + text.count + 1
    }
    self.labels = labels
  }

  /// The name, or its start with an ellipsis when it is longer than `room` (never ending on a
  /// separator before the ellipsis), or `nil` when not even a short start fits.
  static func fitted(_ name: String, room: Int, ellipsis: String) -> String? {
    if name.count <= room { return name }
    let kept = room - ellipsis.count
    guard kept >= shortestPrefix else { return nil }
    var start = name.prefix(kept)
    while let last = start.last, ".-_ ".contains(last) { start = start.dropLast() }
    guard start.count >= 1 else { return nil }
    return start + ellipsis
  }
}
