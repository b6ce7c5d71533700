import ArgumentParser
import Simulation

/// `notify-url add URL [--environment sandbox|production]`, `notify-url list`, `notify-url remove URL`.
struct NotifyURLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notify-url",
    abstract: "The URLs App Store Server Notifications V2 are posted to: add, list, remove.",
    discussion: """
      Notifications are made only while a URL is registered for the world's environment; each goes \
      to every URL of that environment. Production retries a failed attempt after 1, 12, 24, 48 and \
      72 hours of virtual time; the sandbox tries once.
      """,
    subcommands: [Add.self, List.self, Remove.self],
    defaultSubcommand: List.self)
}
