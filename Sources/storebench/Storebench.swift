import ArgumentParser
import Foundation
import Vocabulary
import Workbench

/// The `storebench` command line: a prompt by default, `run` for scripts, `test` for suites.
@main
struct Storebench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "storebench",
    abstract: "A workbench standing in for the App Store and StoreKit's In-App Purchase machinery.",
    discussion: """
      With no subcommand, opens a prompt (or runs standard input as a script when it is not a \
      terminal). `storebench FILE` runs a script file, so that a script whose first line is \
      `#!/usr/bin/env storebench` (or `#!/usr/bin/env -S storebench run`) runs as a program.

      The commands of the workbench language are listed by `help` at the prompt and by \
      `storebench help-commands`; `storebench help COMMAND` (or `storebench COMMAND --help`) shows \
      one, and `storebench --state FILE COMMAND…` runs one on a world kept in FILE.
      """,
    version: StorebenchVersion.current,
    subcommands: [
      PromptCommand.self, RunCommand.self, TestCommand.self, ServeCommand.self, BenchCommand.self,
      HelpCommandsCommand.self, StateCommand.self, CompletionsCommand.self,
    ],
    defaultSubcommand: PromptCommand.self)

  /// Runs the command line; `storebench FILE …` stands for `storebench run FILE …`.
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if ShellCompletion.isRequest(arguments) { ShellCompletion.answer(arguments) }
    Console.prepare()
    let names = Set(configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases })
    switch LanguageArguments.route(arguments, subcommands: names) {
    case .parse(let arguments):
      await main(StateCommand.arguments(scriptArguments(arguments)))
    case .help(let words):
      do {
        Pager.show(try CommandHelp.text(for: words).components(separatedBy: "\n"))
      } catch {
        Foundation.exit(Console.fatal(error, status: .validationFailure).rawValue)
      }
    case .refuse(let message):
      Console.error("error: \(message)")
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
  }

  /// The arguments with `run` put in front when the first names an existing file rather than a
  /// subcommand or an option: how a script's `#!/usr/bin/env storebench` line runs it.
  static func scriptArguments(_ arguments: [String]) -> [String] {
    guard let first = arguments.first, !first.hasPrefix("-") else { return arguments }
    let subcommands = configuration.subcommands.flatMap {
      [$0.configuration.commandName ?? ""] + $0.configuration.aliases
    }
    var isDirectory: ObjCBool = false
    guard !subcommands.contains(first),
      FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory), !isDirectory.boolValue
    else { return arguments }
    return ["run"] + arguments
  }
}
