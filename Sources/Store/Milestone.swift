import Foundation

/// Something that happened to a customer's purchase that the purchase record itself does not
/// keep: a failed renewal, a refund request, a price increase answered, an Ask to Buy request.
/// The timeline draws billing retry, grace periods and markers from these; renewals and charges
/// come from the records.
public struct Milestone: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// An event the app's server hears about (a notification's type and subtype), kept whether
    /// or not a notification URL is registered. Plain `DID_RENEW` is not kept: the renewal's
    /// record says it.
    case notice(ServerEvent.Kind, ServerEvent.Subtype?)
    /// The customer asked for a refund in the app.
    case refundRequested
    /// A purchase waits for a parent's approval.
    case askToBuyRequested
    /// A parent approved it.
    case askToBuyApproved
    /// A parent declined it.
    case askToBuyDeclined

    /// The kind as saved worlds write it: `DID_FAIL_TO_RENEW/GRACE_PERIOD`, `refund-request`,
    /// `ask-to-buy`, `ask-to-buy-approved`, `ask-to-buy-declined`.
    public var name: String {
      switch self {
      case .notice(let kind, let subtype): subtype.map { "\(kind.rawValue)/\($0.rawValue)" } ?? kind.rawValue
      case .refundRequested: "refund-request"
      case .askToBuyRequested: "ask-to-buy"
      case .askToBuyApproved: "ask-to-buy-approved"
      case .askToBuyDeclined: "ask-to-buy-declined"
      }
    }

    /// The kind a ``name`` names, or `nil`.
    public init?(name: String) {
      switch name {
      case "refund-request": self = .refundRequested
      case "ask-to-buy": self = .askToBuyRequested
      case "ask-to-buy-approved": self = .askToBuyApproved
      case "ask-to-buy-declined": self = .askToBuyDeclined
      default:
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        guard let kind = ServerEvent.Kind(rawValue: parts[0]) else { return nil }
        var subtype: ServerEvent.Subtype?
        if parts.count == 2 {
          guard let named = ServerEvent.Subtype(rawValue: parts[1]) else { return nil }
          subtype = named
        }
        self = .notice(kind, subtype)
      }
    }
  }

  /// When it happened, on the virtual clock.
  public var time: Date
  /// The account it happened to.
  public var accountName: String
  /// The transaction it concerns: for a subscription, its latest period's; `nil` for an Ask to Buy
  /// request, which has no transaction until it is approved.
  public var transactionNumber: UInt64?
  /// The product it concerns.
  public var productId: String
  /// What happened.
  public var kind: Kind

  /// Creates a milestone.
  public init(time: Date, accountName: String, transactionNumber: UInt64?, productId: String, kind: Kind) {
    self.time = time
    self.accountName = accountName
    self.transactionNumber = transactionNumber
    self.productId = productId
    self.kind = kind
  }
}
