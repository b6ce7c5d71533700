import Foundation
import Vocabulary

/// A signed subscription renewal info's payload, as Apple names it (Apple's App Store Server API documentation,
/// `JWSRenewalInfoDecodedPayload`).
///
/// Keys are Apple's JSON keys; dates are milliseconds since 1970 on the wire. Absent fields are `nil`
/// and omitted when encoding. Fields with an Apple enum keep the wire value beside the typed view.
public struct JWSRenewalInfoDecodedPayload: Hashable, Sendable, Codable {
  /// Why the subscription expired. The wire value of `expirationIntent`.
  public var rawExpirationIntent: Int32?
  /// Why the subscription expired. `nil` when absent or a value this model does not know.
  public var expirationIntent: ExpirationIntent? {
    get { rawExpirationIntent.flatMap { ExpirationIntent(rawValue: Int($0)) } }
    set { rawExpirationIntent = newValue.map { Int32($0.rawValue) } }
  }
  /// The transaction id of the original purchase.
  public var originalTransactionId: String?
  /// The product that renews at the next billing period.
  public var autoRenewProductId: String?
  /// The current product.
  public var productId: String?
  /// Whether the subscription renews automatically. The wire value of `autoRenewStatus`.
  public var rawAutoRenewStatus: Int32?
  /// Whether the subscription renews automatically. `nil` when absent or a value this model does not know.
  public var autoRenewStatus: AutoRenewStatus? {
    get { rawAutoRenewStatus.flatMap(AutoRenewStatus.init(rawValue:)) }
    set { rawAutoRenewStatus = newValue?.rawValue }
  }
  /// Whether the App Store is retrying a failed renewal.
  public var isInBillingRetryPeriod: Bool?
  /// Whether the customer accepted a price increase. The wire value of `priceIncreaseStatus`.
  public var rawPriceIncreaseStatus: Int32?
  /// Whether the customer accepted a price increase. `nil` when absent or a value this model does not know.
  public var priceIncreaseStatus: PriceIncreaseStatus? {
    get { rawPriceIncreaseStatus.flatMap(PriceIncreaseStatus.init(rawValue:)) }
    set { rawPriceIncreaseStatus = newValue?.rawValue }
  }
  /// When the billing grace period ends.
  public var gracePeriodExpiresDate: Date?
  /// The kind of offer applying to the next renewal. The wire value of `offerType`.
  public var rawOfferType: Int32?
  /// The kind of offer applying to the next renewal. `nil` when absent or a value this model does not know.
  public var offerType: OfferType? {
    get { rawOfferType.flatMap(OfferType.init(rawValue:)) }
    set { rawOfferType = newValue?.rawValue }
  }
  /// The offer applying to the next renewal.
  public var offerIdentifier: String?
  /// When the App Store signed the payload.
  public var signedDate: Date?
  /// The server environment. The wire value of `environment`.
  public var rawEnvironment: String?
  /// The server environment. `nil` when absent or a value this model does not know.
  public var environment: Environment? {
    get { rawEnvironment.flatMap(Environment.init(rawValue:)) }
    set { rawEnvironment = newValue?.rawValue }
  }
  /// The earliest start of the subscription, ignoring lapses under 60 days.
  public var recentSubscriptionStartDate: Date?
  /// When the current period ends and the next renewal happens.
  public var renewalDate: Date?
  /// The ISO 4217 currency code of `renewalPrice`.
  public var currency: String?
  /// The renewal price in milliunits of `currency`.
  public var renewalPrice: Int64?
  /// How the offer discounts the next renewal. The wire value of `offerDiscountType`.
  public var rawOfferDiscountType: String?
  /// How the offer discounts the next renewal. `nil` when absent or a value this model does not know.
  public var offerDiscountType: OfferDiscountType? {
    get { rawOfferDiscountType.flatMap(OfferDiscountType.init(rawValue:)) }
    set { rawOfferDiscountType = newValue?.rawValue }
  }
  /// The win-back offers the customer may redeem.
  public var eligibleWinBackOfferIds: [String]?
  /// The UUID the app associated with the customer's account, as written on the wire.
  public var appAccountToken: String?
  /// The id of the app download transaction.
  public var appTransactionId: String?
  /// The ISO 8601 duration of the offer.
  public var offerPeriod: String?
  /// What happens when the current commitment billed monthly ends.
  public var commitmentInfo: RenewalCommitmentInfo?
  /// How the next renewal is billed (`BILLED_UPFRONT`, `MONTHLY`), for a subscription bought with
  /// a billing plan. The wire value of `renewalBillingPlanType`.
  public var rawRenewalBillingPlanType: String?
  /// How the next renewal is billed. `nil` when absent or a value this model does not know.
  public var renewalBillingPlanType: RenewalBillingPlanType? {
    get { rawRenewalBillingPlanType.flatMap(RenewalBillingPlanType.init(rawValue:)) }
    set { rawRenewalBillingPlanType = newValue?.rawValue }
  }
  /// StoreKit 2 on a device: base64 of SHA-384 over the nonce (lowercased) and the device's
  /// identifier.
  public var deviceVerification: String?
  /// StoreKit 2 on a device: the UUID mixed into `deviceVerification`, as written on the wire.
  public var deviceVerificationNonce: String?

  /// Creates a payload; every field is optional, as in Apple's JSON.
  ///
  /// - Parameters:
  ///   - expirationIntent: Why the subscription expired.
  ///   - originalTransactionId: The transaction id of the original purchase.
  ///   - autoRenewProductId: The product that renews at the next billing period.
  ///   - productId: The current product.
  ///   - autoRenewStatus: Whether the subscription renews automatically.
  ///   - isInBillingRetryPeriod: Whether the App Store is retrying a failed renewal.
  ///   - priceIncreaseStatus: Whether the customer accepted a price increase.
  ///   - gracePeriodExpiresDate: When the billing grace period ends.
  ///   - offerType: The kind of offer applying to the next renewal.
  ///   - offerIdentifier: The offer applying to the next renewal.
  ///   - signedDate: When the App Store signed the payload.
  ///   - environment: The server environment.
  ///   - recentSubscriptionStartDate: The earliest start of the subscription, ignoring lapses under 60 days.
  ///   - renewalDate: When the current period ends and the next renewal happens.
  ///   - currency: The ISO 4217 currency code of `renewalPrice`.
  ///   - renewalPrice: The renewal price in milliunits of `currency`.
  ///   - offerDiscountType: How the offer discounts the next renewal.
  ///   - eligibleWinBackOfferIds: The win-back offers the customer may redeem.
  ///   - appAccountToken: The UUID the app associated with the customer's account, as written on the wire.
  ///   - appTransactionId: The id of the app download transaction.
  ///   - offerPeriod: The ISO 8601 duration of the offer.
  public init(
    expirationIntent: ExpirationIntent? = nil, originalTransactionId: String? = nil,
    autoRenewProductId: String? = nil, productId: String? = nil, autoRenewStatus: AutoRenewStatus? = nil,
    isInBillingRetryPeriod: Bool? = nil, priceIncreaseStatus: PriceIncreaseStatus? = nil,
    gracePeriodExpiresDate: Date? = nil, offerType: OfferType? = nil, offerIdentifier: String? = nil,
    signedDate: Date? = nil, environment: Environment? = nil, recentSubscriptionStartDate: Date? = nil,
    renewalDate: Date? = nil, currency: String? = nil, renewalPrice: Int64? = nil,
    offerDiscountType: OfferDiscountType? = nil, eligibleWinBackOfferIds: [String]? = nil,
    appAccountToken: String? = nil, appTransactionId: String? = nil, offerPeriod: String? = nil
  ) {
    self.rawExpirationIntent = expirationIntent.map { Int32($0.rawValue) }
    self.originalTransactionId = originalTransactionId
    self.autoRenewProductId = autoRenewProductId
    self.productId = productId
    self.rawAutoRenewStatus = autoRenewStatus?.rawValue
    self.isInBillingRetryPeriod = isInBillingRetryPeriod
    self.rawPriceIncreaseStatus = priceIncreaseStatus?.rawValue
    self.gracePeriodExpiresDate = gracePeriodExpiresDate
    self.rawOfferType = offerType?.rawValue
    self.offerIdentifier = offerIdentifier
    self.signedDate = signedDate
    self.rawEnvironment = environment?.rawValue
    self.recentSubscriptionStartDate = recentSubscriptionStartDate
    self.renewalDate = renewalDate
    self.currency = currency
    self.renewalPrice = renewalPrice
    self.rawOfferDiscountType = offerDiscountType?.rawValue
    self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
    self.appAccountToken = appAccountToken
    self.appTransactionId = appTransactionId
    self.offerPeriod = offerPeriod
  }

  enum CodingKeys: String, CodingKey {
    case rawExpirationIntent = "expirationIntent"
    case originalTransactionId
    case autoRenewProductId
    case productId
    case rawAutoRenewStatus = "autoRenewStatus"
    case isInBillingRetryPeriod
    case rawPriceIncreaseStatus = "priceIncreaseStatus"
    case gracePeriodExpiresDate
    case rawOfferType = "offerType"
    case offerIdentifier
    case signedDate
    case rawEnvironment = "environment"
    case recentSubscriptionStartDate
    case renewalDate
    case currency
    case renewalPrice
    case rawOfferDiscountType = "offerDiscountType"
    case eligibleWinBackOfferIds
    case appAccountToken
    case appTransactionId
    case offerPeriod
    case commitmentInfo
    case rawRenewalBillingPlanType = "renewalBillingPlanType"
    case deviceVerification
    case deviceVerificationNonce
  }
}
