import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

/// `receipt`, `receipt export FILE [--der|--base64]`, `receipt refresh`.
struct ReceiptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "receipt",
    abstract: "The device's app receipt: show it decoded, export it signed, or refresh it.",
    subcommands: [Show.self, Export.self, Refresh.self],
    defaultSubcommand: Show.self)
}
