/// What a line whose first word names no command gets: the nearest command names by edit distance,
/// and how to list them all. A word where a subcommand goes that names none gets the nearest
/// subcommands, and the command of that name when there is one.
enum UnknownCommand {
  /// `unknown command 'bye'; did you mean 'buy'? (`help` lists the commands)`.
  static func message(for word: String, among names: [String]) -> String {
    let close = suggestions(for: word, among: names)
    let hint = "(`help` lists the commands)"
    guard !close.isEmpty else { return "unknown command '\(word)' \(hint)" }
    return "unknown command '\(word)'; did you mean \(choices(close.map { "'\($0)'" }))? \(hint)"
  }

  /// For a word where one of a command's subcommands goes: `'verify' is not a subcommand (show,
  /// export, refresh); did you mean `verify`?`, naming the nearest subcommands and the command the
  /// word names, if any; `nil` when the command has no subcommands or the word is close to none.
  ///
  /// - Parameters:
  ///   - word: the word after the command's names.
  ///   - path: the command's names as typed, such as `["receipt"]`.
  ///   - spec: the command.
  static func subcommandMessage(for word: String, path: [String], spec: CommandSpec) -> String? {
    guard !spec.subcommands.isEmpty else { return nil }
    let names = spec.subcommands.flatMap(\.allNames)
    var close = suggestions(for: word, among: names).map { "`\((path + [$0]).joined(separator: " "))`" }
    if let command = CommandSpec.language.subcommand(named: word) { close.append("`\(command.name)`") }
    guard !close.isEmpty else { return nil }
    let list = spec.subcommands.map(\.name).joined(separator: ", ")
    return "'\(word)' is not a subcommand (\(list)); did you mean \(choices(close))?"
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func choices(_ quoted: [String]) -> String {
    quoted.count == 1
      ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
  }

  /// The names at the smallest edit distance from `word`, at most three, when that distance is
  /// small enough for a typo: 1 for a word of one or two letters, else 2.
  static func suggestions(for word: String, among names: [String]) -> [String] {
    let limit = word.count <= 2 ? 1 : 2
    let lowercased = word.lowercased()
    let length = lowercased.count
    // Names whose length differs by more than the limit are farther than it: an edit distance is at
    // least the difference in length, so they are left out without computing one (a long mistyped
    // word costs nothing).
    let scored = Set(names).filter { abs($0.count - length) <= limit }
      .map { (name: $0, distance: distance(lowercased, $0)) }
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
