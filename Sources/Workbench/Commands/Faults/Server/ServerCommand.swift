import ArgumentParser
import Simulation
import Store

/// `server fault ENDPOINT KIND [ARG] [--retryable]`, `server faults [clear]`.
struct ServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "server",
    abstract: "Fault switches of the local App Store's server (App Store Server API and verifyReceipt).",
    subcommands: [Fault.self, Faults.self],
    defaultSubcommand: Faults.self)

  /// What a fault does, as the command names it.
  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case rateLimit = "rate-limit"
    case error
    case notFoundYounger = "not-found-younger"
    case delay
    case status
  }
}
