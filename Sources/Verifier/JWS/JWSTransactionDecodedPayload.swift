import Foundation
import Vocabulary

/// A signed transaction's payload, as Apple names it (Apple's App Store Server API documentation, `JWSTransactionDecodedPayload`).
///
/// Keys are Apple's JSON keys; dates are milliseconds since 1970 on the wire. Absent fields are `nil`
/// and omitted when encoding. Fields with an Apple enum keep the wire value (`rawType`) beside the
/// typed view (`type`), so values this model does not know still decode and re-encode unchanged.
public struct JWSTransactionDecodedPayload: Hashable, Sendable, Codable {
  /// The transaction id of the original purchase.
  public var originalTransactionId: String?
  /// The transaction id.
  public var transactionId: String?
  /// The id of the subscription purchase event across devices.
  public var webOrderLineItemId: String?
  /// The app's bundle identifier.
  public var bundleId: String?
  /// The product identifier.
  public var productId: String?
  /// The subscription group of the product.
  public var subscriptionGroupIdentifier: String?
  /// When the App Store charged the customer (or the renewal happened).
  public var purchaseDate: Date?
  /// The purchase date of the original transaction.
  public var originalPurchaseDate: Date?
  /// When the subscription expires or renews.
  public var expiresDate: Date?
  /// The number of items purchased.
  public var quantity: Int?
  /// The product type. The wire value of `type`.
  public var rawType: String?
  /// The product type. `nil` when absent or a value this model does not know.
  public var type: ProductType? {
    get { rawType.flatMap(ProductType.init(appStoreName:)) }
    set { rawType = newValue?.appStoreName }
  }
  /// The UUID the app associated with the customer's account, as written on the wire.
  public var appAccountToken: String?
  /// Whether the customer bought the product or has it through Family Sharing. The wire value of `inAppOwnershipType`.
  public var rawInAppOwnershipType: String?
  /// Whether the customer bought the product or has it through Family Sharing. `nil` when absent or a value this model does not know.
  public var inAppOwnershipType: InAppOwnershipType? {
    get { rawInAppOwnershipType.flatMap(InAppOwnershipType.init(rawValue:)) }
    set { rawInAppOwnershipType = newValue?.rawValue }
  }
  /// When the App Store signed the payload.
  public var signedDate: Date?
  /// Why the App Store refunded the transaction. The wire value of `revocationReason`.
  public var rawRevocationReason: Int32?
  /// Why the App Store refunded the transaction. `nil` when absent or a value this model does not know.
  public var revocationReason: RevocationReason? {
    get { rawRevocationReason.flatMap(RevocationReason.init(rawValue:)) }
    set { rawRevocationReason = newValue?.rawValue }
  }
  /// When the App Store refunded or revoked the transaction.
  public var revocationDate: Date?
  /// Whether the customer upgraded to another subscription.
  public var isUpgraded: Bool?
  /// The kind of offer applied. The wire value of `offerType`.
  public var rawOfferType: Int32?
  /// The kind of offer applied. `nil` when absent or a value this model does not know.
  public var offerType: OfferType? {
    get { rawOfferType.flatMap(OfferType.init(rawValue:)) }
    set { rawOfferType = newValue?.rawValue }
  }
  /// The promotional offer id or offer code reference name.
  public var offerIdentifier: String?
  /// The server environment. The wire value of `environment`.
  public var rawEnvironment: String?
  /// The server environment. `nil` when absent or a value this model does not know.
  public var environment: Environment? {
    get { rawEnvironment.flatMap(Environment.init(rawValue:)) }
    set { rawEnvironment = newValue?.rawValue }
  }
  /// The storefront's ISO 3166-1 alpha-3 country code.
  public var storefront: String?
  /// Apple's storefront identifier.
  public var storefrontId: String?
  /// Why the transaction happened. The wire value of `transactionReason`.
  public var rawTransactionReason: String?
  /// Why the transaction happened. `nil` when absent or a value this model does not know.
  public var transactionReason: TransactionReason? {
    get { rawTransactionReason.flatMap(TransactionReason.init(rawValue:)) }
    set { rawTransactionReason = newValue?.rawValue }
  }
  /// The ISO 4217 currency code of `price`.
  public var currency: String?
  /// The price in milliunits of `currency`.
  public var price: Int64?
  /// How the offer discounts the price. The wire value of `offerDiscountType`.
  public var rawOfferDiscountType: String?
  /// How the offer discounts the price. `nil` when absent or a value this model does not know.
  public var offerDiscountType: OfferDiscountType? {
    get { rawOfferDiscountType.flatMap(OfferDiscountType.init(rawValue:)) }
    set { rawOfferDiscountType = newValue?.rawValue }
  }
  /// The id of the app download transaction.
  public var appTransactionId: String?
  /// The ISO 8601 duration of the offer.
  public var offerPeriod: String?
  /// How the transaction was revoked. The wire value of `revocationType`.
  public var rawRevocationType: String?
  /// How the transaction was revoked. `nil` when absent or a value this model does not know.
  public var revocationType: RevocationType? {
    get { rawRevocationType.flatMap(RevocationType.init(rawValue:)) }
    set { rawRevocationType = newValue?.rawValue }
  }
  /// The refunded share in milliunits (0–100000).
  public var revocationPercentage: Int32?
  /// How the subscription is billed (`BILLED_UPFRONT`, `MONTHLY`), for a product bought with a
  /// billing plan. The wire value of `billingPlanType`.
  public var rawBillingPlanType: String?
  /// How the subscription is billed. `nil` when absent or a value this model does not know.
  public var billingPlanType: BillingPlanType? {
    get { rawBillingPlanType.flatMap(BillingPlanType.init(rawValue:)) }
    set { rawBillingPlanType = newValue?.rawValue }
  }
  /// The transaction's place in a commitment billed monthly.
  public var commitmentInfo: TransactionCommitmentInfo?
  /// StoreKit 2 on a device: base64 of SHA-384 over the nonce (lowercased) and the device's
  /// identifier, so an app can tell a transaction was signed for this device.
  public var deviceVerification: String?
  /// StoreKit 2 on a device: the UUID mixed into `deviceVerification`, as written on the wire.
  public var deviceVerificationNonce: String?

  /// Creates a payload; every field is optional, as in Apple's JSON.
  ///
  /// - Parameters:
  ///   - originalTransactionId: The transaction id of the original purchase.
  ///   - transactionId: The transaction id.
  ///   - webOrderLineItemId: The id of the subscription purchase event across devices.
  ///   - bundleId: The app's bundle identifier.
  ///   - productId: The product identifier.
  ///   - subscriptionGroupIdentifier: The subscription group of the product.
  ///   - purchaseDate: When the App Store charged the customer (or the renewal happened).
  ///   - originalPurchaseDate: The purchase date of the original transaction.
  ///   - expiresDate: When the subscription expires or renews.
  ///   - quantity: The number of items purchased.
  ///   - type: The product type.
  ///   - appAccountToken: The UUID the app associated with the customer's account, as written on the wire.
  ///   - inAppOwnershipType: Whether the customer bought the product or has it through Family Sharing.
  ///   - signedDate: When the App Store signed the payload.
  ///   - revocationReason: Why the App Store refunded the transaction.
  ///   - revocationDate: When the App Store refunded or revoked the transaction.
  ///   - isUpgraded: Whether the customer upgraded to another subscription.
  ///   - offerType: The kind of offer applied.
  ///   - offerIdentifier: The promotional offer id or offer code reference name.
  ///   - environment: The server environment.
  ///   - storefront: The storefront's ISO 3166-1 alpha-3 country code.
  ///   - storefrontId: Apple's storefront identifier.
  ///   - transactionReason: Why the transaction happened.
  ///   - currency: The ISO 4217 currency code of `price`.
  ///   - price: The price in milliunits of `currency`.
  ///   - offerDiscountType: How the offer discounts the price.
  ///   - appTransactionId: The id of the app download transaction.
  ///   - offerPeriod: The ISO 8601 duration of the offer.
  ///   - revocationType: How the transaction was revoked.
  ///   - revocationPercentage: The refunded share in milliunits (0–100000).
  public init(
    originalTransactionId: String? = nil, transactionId: String? = nil, webOrderLineItemId: String? = nil,
    bundleId: String? = nil, productId: String? = nil, subscriptionGroupIdentifier: String? = nil,
    purchaseDate: Date? = nil, originalPurchaseDate: Date? = nil, expiresDate: Date? = nil,
    quantity: Int? = nil, type: ProductType? = nil, appAccountToken: String? = nil,
    inAppOwnershipType: InAppOwnershipType? = nil, signedDate: Date? = nil,
    revocationReason: RevocationReason? = nil, revocationDate: Date? = nil, isUpgraded: Bool? = nil,
    offerType: OfferType? = nil, offerIdentifier: String? = nil, environment: Environment? = nil,
    storefront: String? = nil, storefrontId: String? = nil, transactionReason: TransactionReason? = nil,
    currency: String? = nil, price: Int64? = nil, offerDiscountType: OfferDiscountType? = nil,
    appTransactionId: String? = nil, offerPeriod: String? = nil, revocationType: RevocationType? = nil,
    revocationPercentage: Int32? = nil
  ) {
    self.originalTransactionId = originalTransactionId
    self.transactionId = transactionId
    self.webOrderLineItemId = webOrderLineItemId
    self.bundleId = bundleId
    self.productId = productId
    self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.expiresDate = expiresDate
    self.quantity = quantity
    self.rawType = type?.appStoreName
    self.appAccountToken = appAccountToken
    self.rawInAppOwnershipType = inAppOwnershipType?.rawValue
    self.signedDate = signedDate
    self.rawRevocationReason = revocationReason?.rawValue
    self.revocationDate = revocationDate
    self.isUpgraded = isUpgraded
    self.rawOfferType = offerType?.rawValue
    self.offerIdentifier = offerIdentifier
    self.rawEnvironment = environment?.rawValue
    self.storefront = storefront
    self.storefrontId = storefrontId
    self.rawTransactionReason = transactionReason?.rawValue
    self.currency = currency
    self.price = price
    self.rawOfferDiscountType = offerDiscountType?.rawValue
    self.appTransactionId = appTransactionId
    self.offerPeriod = offerPeriod
    self.rawRevocationType = revocationType?.rawValue
    self.revocationPercentage = revocationPercentage
  }

  enum CodingKeys: String, CodingKey {
    case originalTransactionId
    case transactionId
    case webOrderLineItemId
    case bundleId
    case productId
    case subscriptionGroupIdentifier
    case purchaseDate
    case originalPurchaseDate
    case expiresDate
    case quantity
    case rawType = "type"
    case appAccountToken
    case rawInAppOwnershipType = "inAppOwnershipType"
    case signedDate
    case rawRevocationReason = "revocationReason"
    case revocationDate
    case isUpgraded
    case rawOfferType = "offerType"
    case offerIdentifier
    case rawEnvironment = "environment"
    case storefront
    case storefrontId
    case rawTransactionReason = "transactionReason"
    case currency
    case price
    case rawOfferDiscountType = "offerDiscountType"
    case appTransactionId
    case offerPeriod
    case rawRevocationType = "revocationType"
    case revocationPercentage
    case rawBillingPlanType = "billingPlanType"
    case commitmentInfo
    case deviceVerification
    case deviceVerificationNonce
  }
}
