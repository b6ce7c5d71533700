import ArgumentParser
import Observer

/// `observer add|remove`: registers and removes stand-in transaction observers.
struct ObserverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "observer",
    abstract: "Add or remove a stand-in transaction observer.",
    subcommands: [Add.self, Remove.self])
}
