import Foundation

/// Something that happened at an instant on a row: a charge, a refund, a notification attempt.
public struct TimelineMarker: Hashable, Sendable {
  /// What happened.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Apple refunded a transaction.
    case refund
    /// The customer asked for a refund.
    case refundRequest = "refund-request"
    /// Apple declined a refund request.
    case refundDeclined = "refund-declined"
    /// A price increase was announced, waiting for consent or notice.
    case priceIncrease = "price-increase"
    /// The customer consented to a price increase.
    case priceConsent = "price-consent"
    /// An Ask to Buy request, approval or decline.
    case askToBuy = "ask-to-buy"
    /// An offer was redeemed (promotional, offer code, win-back).
    case offer
    /// An upgrade: to a product of a higher level, taking effect at once.
    case upgrade
    /// A downgrade: to a product of a lower level, taking effect at the next renewal.
    case downgrade
    /// A crossgrade: to another product of the same level, at once when its duration is the same,
    /// at the next renewal otherwise.
    case crossgrade
    /// A pending downgrade or crossgrade was cancelled: the current product renews.
    case planChangeCancelled = "plan-change-cancelled"
    /// A change of plan the timeline cannot name: a product the catalog does not know, or a
    /// pending change replaced by another before it took effect.
    case planChange = "plan-change"
    /// A commitment billed monthly began (a purchase with the monthly billing plan, or its renewal
    /// into a new commitment).
    case commitmentStart = "commitment-start"
    /// A commitment billed monthly ends: its last billing period is over.
    case commitmentEnd = "commitment-end"
    /// Auto-renew was turned off or on.
    case autoRenew = "auto-renew"
    /// The store charged the customer (a purchase or renewal).
    case charge
    /// An attempt to deliver a notification failed (Apple retries it).
    case notificationFailed = "notification-failed"
    /// A notification reached the app's server.
    case notificationDelivered = "notification-delivered"

    /// Which line of a row it is drawn on.
    public var lane: Lane {
      self == .notificationDelivered || self == .notificationFailed ? .server : .events
    }

    /// The legend's words.
    public var label: String {
      switch self {
      case .charge: "charge"
      case .refund: "refund"
      case .refundRequest: "refund request"
      case .refundDeclined: "refund declined"
      case .priceIncrease: "price increase"
      case .priceConsent: "price consent"
      case .askToBuy: "Ask to Buy"
      case .offer: "offer redeemed"
      case .upgrade: "upgrade"
      case .downgrade: "downgrade"
      case .crossgrade: "crossgrade"
      case .planChangeCancelled: "plan change cancelled"
      case .planChange: "plan change"
      case .commitmentStart: "commitment begins"
      case .commitmentEnd: "commitment ends"
      case .autoRenew: "auto-renew changed"
      case .notificationDelivered: "notification delivered"
      case .notificationFailed: "attempt failed"
      }
    }

    /// Which marker wins a shared column in text: the lower, the stronger (rarer events first,
    /// the legend's order).
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
  }

  /// The line of a row a marker is drawn on.
  public enum Lane: String, Hashable, Sendable {
    /// Charges, refunds, consent, offers and the like.
    case events
    /// Notifications to the app's server.
    case server
  }

  /// When.
  public var time: Date
  /// What.
  public var kind: Kind
  /// A sentence for people, such as `charged 4.99 USD for pro.monthly`.
  public var detail: String
  /// The transaction it concerns, if any.
  public var transactionNumber: UInt64?

  /// Creates a marker.
  public init(time: Date, kind: Kind, detail: String, transactionNumber: UInt64? = nil) {
    self.time = time
    self.kind = kind
    self.detail = detail
    self.transactionNumber = transactionNumber
  }
}
