import Vocabulary

/// What a line whose first word names no command gets: the names it most likely meant
/// (``DidYouMean``), and how to list them all. A word where a subcommand goes that names none gets the
/// nearest subcommands, and the command of that name when there is one.
enum UnknownCommand {
  /// `unknown command 'bye'; did you mean 'buy'? (`help` lists the commands)`; `advance` gets
  /// `advance-clock`, the one command it begins, suggested rather than run.
  static func message(for word: String, among names: [String]) -> String {
    let clause = DidYouMean.clause(for: word, among: names) { "'\($0)'" }
    return "unknown command '\(word)'\(clause) (`help` lists the commands)"
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
    var close = DidYouMean.suggestions(for: word, among: names).map { (path + [$0]).joined(separator: " ") }
    if let command = CommandSpec.language.subcommand(named: word) { close.append(command.name) }
    guard !close.isEmpty else { return nil }
    let list = spec.subcommands.map(\.name).joined(separator: ", ")
    return "'\(word)' is not a subcommand (\(list)); did you mean \(DidYouMean.choices(close) { "`\($0)`" })?"
  }
}
