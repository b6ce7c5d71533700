import ArgumentParser
import Workbench

/// The `storebench` command line: a prompt by default, `run` for scripts, `test` for suites.
@main
struct Storebench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "storebench",
    abstract: "A workbench standing in for the App Store and StoreKit's In-App Purchase machinery.",
    discussion:
      "With no subcommand, opens a prompt (or runs standard input as a script when it is not a terminal).",
    version: StorebenchVersion.current,
    subcommands: [PromptCommand.self, RunCommand.self, TestCommand.self, BenchCommand.self],
    defaultSubcommand: PromptCommand.self)
}
