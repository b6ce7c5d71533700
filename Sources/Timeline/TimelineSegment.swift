import Foundation

/// A stretch of a subscription row: a period the customer had (a trial, an introductory or offer
/// period, a paid one) or what lay between periods (grace, billing retry, expired, revoked); or,
/// after the world's clock, what the store has scheduled (renewals, the rest of a grace period or
/// of billing retry, an expiry).
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

    /// The legend's words for a stretch the store has scheduled but that has not happened yet.
    public var scheduledLabel: String {
      switch self {
      case .trial: "scheduled trial"
      case .intro: "scheduled intro offer"
      case .offer: "scheduled offer"
      case .regular: "scheduled renewal"
      case .grace: "scheduled grace period"
      case .billingRetry: "scheduled billing retry"
      case .expired: "scheduled expiry"
      case .revoked: "scheduled revocation"
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
  /// The transaction of a period; `nil` for a gap or a scheduled period.
  public var transactionNumber: UInt64?
  /// Whether the store has scheduled it and it has not happened yet (it lies after the clock).
  public var isScheduled: Bool
  /// More for people, such as why a period is drawn from another instant than its purchase date.
  public var note: String?

  /// Creates a segment.
  public init(
    kind: Kind, start: Date, end: Date, productId: String, transactionNumber: UInt64? = nil,
    isScheduled: Bool = false, note: String? = nil
  ) {
    self.kind = kind
    self.start = start
    self.end = end
    self.productId = productId
    self.transactionNumber = transactionNumber
    self.isScheduled = isScheduled
    self.note = note
  }

  /// How it is drawn, and whether as scheduled: what a legend entry stands for.
  public var look: Look { Look(kind: kind, isScheduled: isScheduled) }

  /// A kind of stretch as happened or as scheduled: one entry of a legend.
  public struct Look: Hashable, Sendable {
    /// The kind.
    public var kind: Kind
    /// Whether it is scheduled.
    public var isScheduled: Bool

    /// The legend's words.
    public var label: String { isScheduled ? kind.scheduledLabel : kind.label }

    /// Every look in legend order: what happened first, then what is scheduled.
    public static let all: [Look] =
      Kind.allCases.map { Look(kind: $0, isScheduled: false) }
      + Kind.allCases.map { Look(kind: $0, isScheduled: true) }
  }
}
