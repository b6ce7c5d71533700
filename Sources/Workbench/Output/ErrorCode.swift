/// What kind of failure a line met, as a stable identifier for programs reading `--format json`
/// output (`{"error":{"code":"unknown_command",…}}`), so that they never parse the English message.
///
/// The raw values are part of the JSON format: new ones may be added, existing ones never change.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
  /// The first word names no command (`bye`).
  case unknownCommand = "unknown_command"
  /// The command's arguments or options are wrong: unknown, missing, malformed or out of range.
  case invalidArguments = "invalid_arguments"
  /// `help` was asked for a command or topic that does not exist.
  case unknownHelpTopic = "unknown_help_topic"
  /// The command was well formed but could not be carried out (no such product, a transaction
  /// that cannot be finished, a file that cannot be read, …).
  case commandFailed = "command_failed"
  /// An `expect` did not hold.
  case expectationFailed = "expectation_failed"
  /// Ctrl-C stopped the command.
  case interrupted
  /// The script line could not be read (invalid UTF-8, a recording cut off mid-line).
  case unreadableLine = "unreadable_line"
  /// A saved world could not be loaded or saved (`--state FILE`).
  case stateFile = "state_file"
  /// The catalog a run starts with (`--catalog`, `STOREBENCH_CATALOG`) could not be loaded.
  case catalog
  /// `storebench test DIR` found no script to run in DIR.
  case noScripts = "no_scripts"
}
