import ArgumentParser
import Simulation
import Store

/// `clock` and `clock set DATE`: the virtual clock.
struct ClockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clock",
    abstract: "Show or set the virtual clock.",
    subcommands: [Show.self, Set.self],
    defaultSubcommand: Show.self)
}
