import ArgumentParser
import Foundation

/// `export script FILE [--redact]`.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Turn the world into something to keep: a script that rebuilds it.",
    subcommands: [Script.self])
}
