import ArgumentParser
import Store

/// `refund-request TXN [--reason unintended-purchase|fulfillment-issue|unsatisfied-with-purchase|legal|other]`.
struct RefundRequestCommand: OneTransactionCommand {
  enum Reason: String, ExpressibleByArgument, CaseIterable {
    case unintendedPurchase = "unintended-purchase"
    case fulfillmentIssue = "fulfillment-issue"
    case unsatisfiedWithPurchase = "unsatisfied-with-purchase"
    case legal
    case other

    var requestReason: RefundRequest.Reason {
      switch self {
      case .unintendedPurchase: .unintendedPurchase
      case .fulfillmentIssue: .fulfillmentIssue
      case .unsatisfiedWithPurchase: .unsatisfiedWithPurchase
      case .legal: .legal
      case .other: .other
      }
    }
  }

  static let configuration = CommandConfiguration(
    commandName: "refund-request",
    abstract: "The customer asks for a refund in the app; Apple decides later (`refund decide`).",
    discussion: """
      For a consumable or an auto-renewable subscription Apple asks the app's server for consumption \
      information (CONSUMPTION_REQUEST, with the reason); for a subscription the system turns \
      auto-renew off (DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED).
      """)

  @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
  var transaction: String

  @Option(help: "unintended-purchase, fulfillment-issue, unsatisfied-with-purchase, legal or other.")
  var reason: Reason = .other

  func execute(in session: Session) throws {
    let number = try session.transactionNumber(transaction)
    guard session.storeKit2CallSucceeds(.refundRequest, "Transaction.beginRefundRequest") else { return }
    let request = try session.world.store.requestRefund(
      transactionNumber: number, reason: reason.requestReason, account: session.account)
    session.print(
      "refund request for \(number) pending (\(request.reason.rawValue))"
        + (request.asksForConsumptionInfo ? ": consumption information requested" : ""))
  }
}
