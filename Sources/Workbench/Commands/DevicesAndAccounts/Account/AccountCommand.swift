import ArgumentParser

/// `account add NAME`, `account use NAME`, `accounts`.
struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account",
    abstract: "Add an Apple Account, or sign the current device in to another.",
    subcommands: [Add.self, Use.self, Delete.self])
}
