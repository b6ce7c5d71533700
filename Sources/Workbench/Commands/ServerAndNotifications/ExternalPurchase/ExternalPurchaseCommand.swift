import ArgumentParser
import Simulation
import Store

/// `external-purchase link-out [--type acquisition|services] [--lifetime DURATION]`,
/// `external-purchase tokens`.
struct ExternalPurchaseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "external-purchase",
    abstract: "External purchase tokens: the customer follows the app's link out; list the tokens.",
    discussion: """
      A custom link token (--type) is announced with EXTERNAL_PURCHASE_TOKEN CREATED, reminded of \
      monthly with ACTIVE_TOKEN_REMINDER while active (unless reported as DUPLICATE_TOKEN), and \
      expires after an hour in the sandbox, a year in production. A token no report names gets \
      UNREPORTED when it expires, or 10 days after a plain token's creation. Reports come through \
      PUT /externalPurchase/v1/reports of `serve`.
      """,
    subcommands: [LinkOut.self, Tokens.self],
    defaultSubcommand: Tokens.self)

  /// A token type as the command names it.
  enum TokenType: String, ExpressibleByArgument, CaseIterable {
    case acquisition
    case services

    /// Apple's value.
    var type: ExternalPurchaseTokenType {
      switch self {
      case .acquisition: .acquisition
      case .services: .services
      }
    }
  }

  /// One line about a token (`untyped` for a plain link-out token): `SANDBOX_… SERVICES created 2026-01-01T00:00:00Z expires … unreported`.
  static func line(_ token: ExternalPurchaseToken) -> String {
    var words = [token.externalPurchaseId, token.type?.rawValue ?? "untyped"]
    words.append("created \(Timestamp.iso8601(token.creationDate))")
    if let expiration = token.expirationDate { words.append("expires \(Timestamp.iso8601(expiration))") }
    words.append(
      token.reportedStatuses.isEmpty
        ? "unreported" : "reported \(token.reportedStatuses.map(\.rawValue).joined(separator: ","))")
    if token.remindersSent > 0 { words.append("reminders \(token.remindersSent)") }
    if token.unreportedSent { words.append("UNREPORTED sent") }
    return words.joined(separator: " ")
  }
}
