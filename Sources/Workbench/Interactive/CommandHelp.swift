import ArgumentParser

/// The help of the command language, the same text `help` prints at the prompt: the list of
/// commands, or one command's usage and options. `storebench help-commands` prints it too.
public enum CommandHelp {
  /// The help for a command given by its words (none for the list of commands).
  ///
  /// - Throws: ``WorkbenchError`` when the words name no command.
  public static func text(for command: [String]) throws(WorkbenchError) -> String {
    var spec = CommandSpec.language
    for index in command.indices {
      // ArgumentParser answers `help bogus` with the list of commands; here a wrong name is an error.
      guard let subcommand = spec.subcommand(named: command[index]) else {
        throw WorkbenchError("no command \"\(command[...index].joined(separator: " "))\"")
      }
      spec = subcommand
    }
    do {
      var help = try WorkbenchCommand.parseAsRoot(["help"] + command)
      try help.run()
    } catch {
      let message = WorkbenchCommand.fullMessage(for: error)
      guard WorkbenchCommand.exitCode(for: error) == .success else {
        throw WorkbenchError(message.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      return message.trimmedLines.joined(separator: "\n")
    }
    return ""
  }
}
