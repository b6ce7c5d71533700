import ArgumentParser
import Vocabulary
import Workbench

/// `storebench help-commands [COMMAND…]`: the help of the command language, as `help` prints it
/// at the prompt.
struct HelpCommandsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "help-commands",
    abstract: "Show the commands of the workbench language (the text `help` prints at the prompt).")

  @Argument(help: "A command, such as buy or observer add, for its usage and options.")
  var command: [String] = []

  /// Prints the command reference, `docs/commands.md`, instead (what `make docs` writes).
  @Flag(help: .hidden) var markdown = false

  func run() throws {
    do {
      let text = try markdown ? CommandReference.markdown() : CommandHelp.text(for: command)
      Pager.show(text.components(separatedBy: "\n"))
    } catch {
      throw Console.fatal(error)
    }
  }
}
