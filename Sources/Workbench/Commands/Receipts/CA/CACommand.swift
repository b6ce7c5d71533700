import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

/// `ca show`, `ca export FILE [--der|--pem]`, `ca rotate`.
struct CACommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ca",
    abstract: "The local certificate authority that signs receipts and JWS: show, export the root, rotate.",
    subcommands: [Show.self, Export.self, Rotate.self],
    defaultSubcommand: Show.self)
}
