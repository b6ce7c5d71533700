import Foundation

/// Something the App Store tells the app's server about: the event behind one App Store Server
/// Notification (V2), named by Apple's `notificationType` and `subtype`.
///
/// The store publishes these to its ``StoreListener`` as they happen; the simulation turns them into
/// signed notifications. Only events the store itself causes appear here: `TEST` and the renewal
/// extension summary come from requests to the server, `EXTERNAL_PURCHASE_TOKEN` from the
/// simulation's external purchase tokens.
public struct ServerEvent: Hashable, Sendable {
  /// Apple's `notificationType` values.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// `CONSUMPTION_REQUEST`.
    case consumptionRequest = "CONSUMPTION_REQUEST"
    /// `DID_CHANGE_RENEWAL_PREF`.
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    /// `DID_CHANGE_RENEWAL_STATUS`.
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    /// `DID_FAIL_TO_RENEW`.
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    /// `DID_RENEW`.
    case didRenew = "DID_RENEW"
    /// `EXPIRED`.
    case expired = "EXPIRED"
    /// `EXTERNAL_PURCHASE_TOKEN`: its payload carries `externalPurchaseToken` instead of `data`.
    case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
    /// `GRACE_PERIOD_EXPIRED`.
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    /// `OFFER_REDEEMED`.
    case offerRedeemed = "OFFER_REDEEMED"
    /// `ONE_TIME_CHARGE`.
    case oneTimeCharge = "ONE_TIME_CHARGE"
    /// `PRICE_CHANGE`: an Advanced Commerce subscription's price changed.
    case priceChange = "PRICE_CHANGE"
    /// `PRICE_INCREASE`.
    case priceIncrease = "PRICE_INCREASE"
    /// `REFUND`.
    case refund = "REFUND"
    /// `REFUND_DECLINED`.
    case refundDeclined = "REFUND_DECLINED"
    /// `REFUND_REVERSED`.
    case refundReversed = "REFUND_REVERSED"
    /// `RESCIND_CONSENT`: a parent or guardian withdrew consent to the app; the payload carries
    /// `appData`, not `data`.
    case rescindConsent = "RESCIND_CONSENT"
    /// `RENEWAL_EXTENDED`.
    case renewalExtended = "RENEWAL_EXTENDED"
    /// `RENEWAL_EXTENSION`.
    case renewalExtension = "RENEWAL_EXTENSION"
    /// `REVOKE`.
    case revoke = "REVOKE"
    /// `SUBSCRIBED`.
    case subscribed = "SUBSCRIBED"
    /// `TEST`.
    case test = "TEST"
  }

  /// Apple's `subtype` values.
  public enum Subtype: String, Hashable, Sendable, CaseIterable {
    /// `ACCEPTED`.
    case accepted = "ACCEPTED"
    /// `ACTIVE_TOKEN_REMINDER`, of `EXTERNAL_PURCHASE_TOKEN`.
    case activeTokenReminder = "ACTIVE_TOKEN_REMINDER"
    /// `AUTO_RENEW_DISABLED`.
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    /// `AUTO_RENEW_ENABLED`.
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    /// `BILLING_RECOVERY`.
    case billingRecovery = "BILLING_RECOVERY"
    /// `BILLING_RETRY`.
    case billingRetry = "BILLING_RETRY"
    /// `CREATED`, of `EXTERNAL_PURCHASE_TOKEN`.
    case created = "CREATED"
    /// `DOWNGRADE`.
    case downgrade = "DOWNGRADE"
    /// `FAILURE`.
    case failure = "FAILURE"
    /// `GRACE_PERIOD`.
    case gracePeriod = "GRACE_PERIOD"
    /// `INITIAL_BUY`.
    case initialBuy = "INITIAL_BUY"
    /// `PENDING`.
    case pending = "PENDING"
    /// `PRICE_INCREASE`.
    case priceIncrease = "PRICE_INCREASE"
    /// `PRODUCT_NOT_FOR_SALE`.
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    /// `RESUBSCRIBE`.
    case resubscribe = "RESUBSCRIBE"
    /// `SUMMARY`.
    case summary = "SUMMARY"
    /// `UNREPORTED`, of `EXTERNAL_PURCHASE_TOKEN`.
    case unreported = "UNREPORTED"
    /// `UPGRADE`.
    case upgrade = "UPGRADE"
    /// `VOLUNTARY`.
    case voluntary = "VOLUNTARY"
  }

  /// Every `notificationType` Apple documents, modelled here or not (`METADATA_UPDATE` and
  /// `MIGRATION` belong to the Advanced Commerce API, which storebench does not simulate): what
  /// a notification history filter accepts, matching none of the world's notifications for a
  /// type it never sends.
  public static let documentedTypes = Kind.allCases.map(\.rawValue) + ["METADATA_UPDATE", "MIGRATION"]
  /// Every `subtype` Apple documents, modelled here or not.
  public static let documentedSubtypes = Subtype.allCases.map(\.rawValue)

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
