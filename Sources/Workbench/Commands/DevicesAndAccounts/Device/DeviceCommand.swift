import ArgumentParser
import Store

/// `device add NAME`, `device use NAME`, `devices`.
struct DeviceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "device",
    abstract: "Add a device signed in to the current account, or switch to another device.",
    subcommands: [Add.self, Use.self])
}
