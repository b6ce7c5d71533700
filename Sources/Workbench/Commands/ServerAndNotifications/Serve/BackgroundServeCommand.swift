import ArgumentParser

/// `serve start [--port N]`, `serve stop`, `serve status`.
struct BackgroundServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract:
      "Serve this world over HTTP on 127.0.0.1: verifyReceipt and the App Store Server API (start, stop, status).",
    subcommands: [Start.self, Stop.self, Status.self],
    defaultSubcommand: Status.self)
}
