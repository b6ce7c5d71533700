/// What a line whose first word names no command gets: the nearest command names by edit distance,
/// and how to list them all.
enum UnknownCommand {
  /// `unknown command 'bye'; did you mean 'buy'? (`help` lists the commands)`.
  static func message(for word: String, among names: [String]) -> String {
    let close = suggestions(for: word, among: names)
    let hint = "(`help` lists the commands)"
    guard !close.isEmpty else { return "unknown command '\(word)' \(hint)" }
    let quoted = close.map { "'\($0)'" }
    let choices =
      quoted.count == 1
      ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    return "unknown command '\(word)'; did you mean \(choices)? \(hint)"
  }

  /// The names at the smallest edit distance from `word`, at most three, when that distance is
  /// small enough for a typo: 1 for a word of one or two letters, else 2.
  static func suggestions(for word: String, among names: [String]) -> [String] {
    let limit = word.count <= 2 ? 1 : 2
    let scored = Set(names).map { (name: $0, distance: distance(word.lowercased(), $0)) }
      .filter { $0.distance <= limit }
    guard let best = scored.map(\.distance).min() else { return [] }
    return scored.filter { $0.distance == best }.map(\.name).sorted().prefix(3).map { $0 }
  }

  /// The Levenshtein distance between two strings, by characters.
  static func distance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
