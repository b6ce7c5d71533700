import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

/// `api-key create [--key-id ID] [--issuer-id UUID] [--out FILE]`, `api-key list`,
/// `api-key token [--key-id ID] [--key FILE]`.
struct APIKeyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "api-key",
    abstract:
      "App Store Connect API keys whose tokens the served App Store Server API accepts (create, list, token).",
    subcommands: [Create.self, List.self, Token.self],
    defaultSubcommand: List.self)
}
