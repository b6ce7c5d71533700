import ArgumentParser
import Store

/// `refund TXN [--reason app-issue|other]`.
struct RefundCommand: SessionCommand {
  enum Reason: String, ExpressibleByArgument, CaseIterable {
    case appIssue = "app-issue"
    case other

    var cancellationReason: PurchaseRecord.CancellationReason {
      switch self {
      case .appIssue: .appIssue
      case .other: .other
      }
    }
  }

  static let configuration = CommandConfiguration(
    commandName: "refund",
    abstract: "Apple refunds a transaction: cancellation date and reason recorded, access revoked.",
    discussion:
      "The app hears didRevokeEntitlementsForProductIdentifiers for non-consumables and subscriptions.")

  @Argument(help: "The transaction (#N, last, or an id).")
  var transaction: String

  @Option(help: "app-issue or other.")
  var reason: Reason = .other

  func execute(in session: Session) throws {
    let number = try session.transactionNumber(transaction)
    try session.world.store.refund(
      transactionNumber: number, reason: reason.cancellationReason, account: session.account)
  }
}
