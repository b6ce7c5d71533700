import Vocabulary

/// The codes only the command language means, beside the ones every module shares (``ErrorCode``):
/// what `--format json` writes for a line that is not a command, a failed `expect`, a run that
/// cannot start, … (`{"error":{"code":"unknown_command",…}}`).
extension ErrorCode {
  /// The first word names no command (`bye`).
  public static let unknownCommand = ErrorCode("unknown_command")
  /// The command's arguments or options are wrong: unknown, missing, malformed or out of range.
  public static let invalidArguments = ErrorCode("invalid_arguments")
  /// `help` was asked for a command or topic that does not exist.
  public static let unknownHelpTopic = ErrorCode("unknown_help_topic")
  /// The command was well formed but could not be carried out, and no module classified why.
  public static let commandFailed = ErrorCode("command_failed")
  /// An `expect` did not hold.
  public static let expectationFailed = ErrorCode("expectation_failed")
  /// Ctrl-C stopped the command.
  public static let interrupted = ErrorCode("interrupted")
  /// The script line could not be read (invalid UTF-8, a recording cut off mid-line).
  public static let unreadableLine = ErrorCode("unreadable_line")
  /// A saved world could not be loaded or saved (`--state FILE`).
  public static let stateFile = ErrorCode("state_file")
  /// The catalog a run starts with (`--catalog`, `STOREBENCH_CATALOG`) could not be loaded.
  public static let catalog = ErrorCode("catalog")
  /// `storebench test DIR` found no script to run in DIR.
  public static let noScripts = ErrorCode("no_scripts")
  /// A script's transcript differs from its golden one (`storebench test`'s reports).
  public static let goldenMismatch = ErrorCode("golden_mismatch")

  /// The code an error reports: its own when a module classified it (``StorebenchError``),
  /// `command_failed` otherwise.
  public static func of(_ error: any Error) -> ErrorCode {
    (error as? any StorebenchError)?.errorCode ?? .commandFailed
  }
}
