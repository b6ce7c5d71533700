import Foundation

/// A stretch of a subscription row: a period the customer had (a trial, an introductory or offer
/// period, a paid one) or what lay between periods (grace, billing retry, expired, revoked).
public struct TimelineSegment: Hashable, Sendable {
  /// How the stretch is drawn.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// A free trial period.
    case trial
    /// A paid introductory offer period.
    case intro
    /// A period in a promotional, offer code or win-back offer.
    case offer
    /// A period at the regular price (or shared by a family member).
    case regular
    /// A billing grace period: the charge failed, the customer keeps access.
    case grace
    /// Billing retry: the charge failed, no access while Apple retries.
    case billingRetry = "billing-retry"
    /// The subscription had lapsed.
    case expired
    /// Apple refunded it and took access away.
    case revoked

    /// Whether the stretch is a period the customer had (a transaction), not a gap.
    public var isPeriod: Bool {
      switch self {
      case .trial, .intro, .offer, .regular: true
      case .grace, .billingRetry, .expired, .revoked: false
      }
    }

    /// The legend's word.
    public var label: String {
      switch self {
      case .trial: "trial"
      case .intro: "intro offer"
      case .offer: "offer"
      case .regular: "regular"
      case .grace: "grace period"
      case .billingRetry: "billing retry"
      case .expired: "expired"
      case .revoked: "revoked"
      }
    }
  }

  /// How it is drawn.
  public var kind: Kind
  /// When it begins.
  public var start: Date
  /// When it ends.
  public var end: Date
  /// The product.
  public var productId: String
  /// The transaction of a period; `nil` for a gap.
  public var transactionNumber: UInt64?

  /// Creates a segment.
  public init(kind: Kind, start: Date, end: Date, productId: String, transactionNumber: UInt64? = nil) {
    self.kind = kind
    self.start = start
    self.end = end
    self.productId = productId
    self.transactionNumber = transactionNumber
  }
}
