import ArgumentParser
import Store

/// `refund TXN [--reason app-issue|other]`, `refund decide grant|decline TXN`, `refund reverse TXN`.
struct RefundCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refund",
    abstract: "Apple refunds a transaction, decides a customer's refund request, or reverses a refund.",
    discussion: """
      refund TXN [--reason app-issue|other]  refund now: cancellation date and reason \
      recorded, access revoked (REFUND); the app hears \
      didRevokeEntitlementsForProductIdentifiers for non-consumables and subscriptions
      refund decide grant|decline TXN        decide a pending `refund-request`
      refund reverse TXN                     take a refund back after a dispute (REFUND_REVERSED)

      TXN is #N, last, or a transaction id.
      """,
    subcommands: [Issue.self, Decide.self, Reverse.self],
    defaultSubcommand: Issue.self)
}
