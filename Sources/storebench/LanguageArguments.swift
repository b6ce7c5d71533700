import Workbench

/// How the shell reaches the command language: `storebench help buy` and `storebench buy --help`
/// print the help of `buy` (the language's command, as `help buy` at the prompt), and
/// `storebench buy …` without `--state` says that a workbench command needs a world.
enum LanguageArguments {
  /// What to do with a command line before ArgumentParser reads it.
  enum Route: Equatable {
    /// Parse these arguments as usual.
    case parse([String])
    /// Print the help of these words (a language command or a topic).
    case help([String])
    /// Refuse the line with this message (exit status 64, as for a wrong command line).
    case refuse(String)
  }

  /// Where a command line goes.
  ///
  /// - Parameter subcommands: the names of `storebench`'s own subcommands, which keep their meaning.
  static func route(_ arguments: [String], subcommands: Set<String>) -> Route {
    guard let first = arguments.first, !first.hasPrefix("-"), !subcommands.contains(first) || first == "help"
    else { return .parse(arguments) }
    if first == "help" {
      let words = Array(arguments.dropFirst())
      // `storebench help run` stays ArgumentParser's help of the subcommand.
      guard let topic = words.first, !subcommands.contains(topic) else { return .parse(arguments) }
      return .help(words)
    }
    guard CommandHelp.isCommand([first]) else { return .parse(arguments) }
    if arguments.contains("--help") || arguments.contains("-h") {
      return .help(CommandHelp.commandPath(of: arguments))
    }
    let typed = arguments.joined(separator: " ")
    return .refuse(
      """
      `\(first)` is a workbench command: it needs a world. Run it on a saved one with \
      `storebench --state FILE \(typed)` (FILE is created when missing), or type it at the prompt \
      (`storebench`); `storebench help \(first)` shows how to type it
      """)
  }
}
