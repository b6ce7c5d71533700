import Foundation

/// Something the App Store tells the app's server about: the event behind one App Store Server
/// Notification (V2), named by Apple's `notificationType` and `subtype`.
///
/// The store publishes these to its ``StoreListener`` as they happen; the simulation turns them into
/// signed notifications. Only events the store itself causes appear here: `TEST` and the renewal
/// extension summary come from requests to the server.
public struct ServerEvent: Hashable, Sendable {
  /// Apple's `notificationType` values.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case consumptionRequest = "CONSUMPTION_REQUEST"
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    case didRenew = "DID_RENEW"
    case expired = "EXPIRED"
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    case offerRedeemed = "OFFER_REDEEMED"
    case oneTimeCharge = "ONE_TIME_CHARGE"
    case priceIncrease = "PRICE_INCREASE"
    case refund = "REFUND"
    case refundDeclined = "REFUND_DECLINED"
    case refundReversed = "REFUND_REVERSED"
    case renewalExtended = "RENEWAL_EXTENDED"
    case renewalExtension = "RENEWAL_EXTENSION"
    case revoke = "REVOKE"
    case subscribed = "SUBSCRIBED"
    case test = "TEST"
  }

  /// Apple's `subtype` values.
  public enum Subtype: String, Hashable, Sendable, CaseIterable {
    case accepted = "ACCEPTED"
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    case billingRecovery = "BILLING_RECOVERY"
    case billingRetry = "BILLING_RETRY"
    case downgrade = "DOWNGRADE"
    case failure = "FAILURE"
    case gracePeriod = "GRACE_PERIOD"
    case initialBuy = "INITIAL_BUY"
    case pending = "PENDING"
    case priceIncrease = "PRICE_INCREASE"
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    case resubscribe = "RESUBSCRIBE"
    case summary = "SUMMARY"
    case upgrade = "UPGRADE"
    case voluntary = "VOLUNTARY"
  }

  /// The notification type.
  public var kind: Kind
  /// The subtype, for the types that have one.
  public var subtype: Subtype?
  /// The account the event concerns.
  public var accountName: String
  /// The transaction the notification carries (`signedTransactionInfo`): for subscriptions, the
  /// latest transaction of the subscription when the event happened.
  public var transactionNumber: UInt64
  /// For `CONSUMPTION_REQUEST`, why the customer asked for a refund (Apple's
  /// `consumptionRequestReason`, such as `UNINTENDED_PURCHASE`).
  public var consumptionRequestReason: String?

  /// Creates an event.
  public init(
    _ kind: Kind, _ subtype: Subtype? = nil, account: String, transactionNumber: UInt64,
    consumptionRequestReason: String? = nil
  ) {
    self.kind = kind
    self.subtype = subtype
    self.accountName = account
    self.transactionNumber = transactionNumber
    self.consumptionRequestReason = consumptionRequestReason
  }

  /// `DID_RENEW/BILLING_RECOVERY`, or the type alone.
  public var name: String { subtype.map { "\(kind.rawValue)/\($0.rawValue)" } ?? kind.rawValue }
}
