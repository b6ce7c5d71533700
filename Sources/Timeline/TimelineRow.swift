import Foundation

/// One row of a ``Timeline``: a subscription of one account (its group), or the account's one-time
/// purchases.
public struct TimelineRow: Hashable, Sendable {
  /// What the row follows.
  public enum Subject: Hashable, Sendable {
    /// An auto-renewable subscription in this group.
    case subscription(group: String)
    /// Consumables, non-consumables and non-renewing subscriptions.
    case oneTimePurchases
  }

  /// The account.
  public var account: String
  /// What the row follows.
  public var subject: Subject
  /// The subscription's original transaction, for a subscription row.
  public var originalTransactionNumber: UInt64?
  /// Whether a family member shares the purchase with this account.
  public var isFamilyShared: Bool
  /// The periods and what lay between them, then what is scheduled, in time order.
  public var segments: [TimelineSegment]
  /// Where the product changes (the first purchase, an upgrade, a downgrade, a crossgrade, one
  /// scheduled): each with its time.
  public var plans: [TimelinePlan]
  /// What happened, in time order.
  public var markers: [TimelineMarker]

  /// Creates a row.
  public init(
    account: String, subject: Subject, originalTransactionNumber: UInt64? = nil, isFamilyShared: Bool = false,
    segments: [TimelineSegment] = [], plans: [TimelinePlan] = [], markers: [TimelineMarker] = []
  ) {
    self.account = account
    self.subject = subject
    self.originalTransactionNumber = originalTransactionNumber
    self.isFamilyShared = isFamilyShared
    self.segments = segments
    self.plans = plans
    self.markers = markers
  }

  /// `default: group Pro (original 2000000000000001)` or `default: one-time purchases`.
  public var title: String {
    switch subject {
    case .subscription(let group):
      let original = originalTransactionNumber.map { " (original \($0))" } ?? ""
      return "\(account): group \(group)\(original)\(isFamilyShared ? ", family-shared" : "")"
    case .oneTimePurchases:
      return "\(account): one-time purchases"
    }
  }
}

/// A product a subscription row is on from an instant: the label of the bars that follow.
public struct TimelinePlan: Hashable, Sendable {
  /// When the row changes to it.
  public var time: Date
  /// The product.
  public var productId: String
  /// Whether the change is scheduled (a pending downgrade or crossgrade at the next renewal).
  public var isScheduled: Bool

  /// Creates a plan change.
  public init(time: Date, productId: String, isScheduled: Bool = false) {
    self.time = time
    self.productId = productId
    self.isScheduled = isScheduled
  }
}
