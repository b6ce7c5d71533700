import Foundation

/// A customer's refund request made in the app (StoreKit's `beginRefundRequest`), waiting for
/// Apple's decision.
public struct RefundRequest: Hashable, Sendable {
  /// Why the customer asks: Apple's `consumptionRequestReason` values.
  public enum Reason: String, Hashable, Sendable, CaseIterable {
    /// `UNINTENDED_PURCHASE`.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// `FULFILLMENT_ISSUE`.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// `UNSATISFIED_WITH_PURCHASE`.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// `LEGAL`.
    case legal = "LEGAL"
    /// `OTHER`.
    case other = "OTHER"

    /// The revocation reason a granted refund records: an issue in the app for a fulfillment issue,
    /// otherwise another reason.
    public var cancellationReason: PurchaseRecord.CancellationReason {
      switch self {
      case .fulfillmentIssue: .appIssue
      case .unintendedPurchase, .unsatisfiedWithPurchase, .legal, .other: .other
      }
    }
  }

  /// The transaction the customer wants refunded.
  public var transactionNumber: UInt64
  /// The account that asked.
  public var accountName: String
  /// Why.
  public var reason: Reason
  /// When, on the virtual clock.
  public var requestDate: Date
  /// Whether Apple asked the app's server for consumption information (consumables and
  /// auto-renewable subscriptions).
  public var asksForConsumptionInfo: Bool

  /// Creates a request.
  public init(
    transactionNumber: UInt64, accountName: String, reason: Reason, requestDate: Date,
    asksForConsumptionInfo: Bool
  ) {
    self.transactionNumber = transactionNumber
    self.accountName = accountName
    self.reason = reason
    self.requestDate = requestDate
    self.asksForConsumptionInfo = asksForConsumptionInfo
  }
}
