import Catalog
import Foundation
import Store
import Vocabulary

/// What a customer's data says about one transaction: an in-app entry of a receipt, an entry of a
/// verifyReceipt answer's `in_app` or `latest_receipt_info`, or a signed transaction.
///
/// Only `transactionNumber`, `productId` and the dates are always known; the rest is what the
/// artifact shows, `nil` where it shows nothing (a receipt has no storefront, a JWS no
/// `is_trial_period`).
public struct CustomerTransaction: Hashable, Sendable {
  /// `transaction_id` / `transactionId`, as a number (Apple's are decimal digits).
  public var transactionNumber: UInt64
  /// `original_transaction_id` / `originalTransactionId`.
  public var originalTransactionNumber: UInt64
  /// `product_id` / `productId`.
  public var productId: String
  /// The product's type when the artifact says it (JWS `type`, a receipt's `product_type`
  /// attribute 1707); `nil` when it does not (verifyReceipt answers).
  public var productType: ProductType?
  /// `quantity`.
  public var quantity: Int
  /// `purchase_date` / `purchaseDate`.
  public var purchaseDate: Date
  /// `original_purchase_date` / `originalPurchaseDate` (real data may have it after
  /// `purchaseDate`: kept as it is).
  public var originalPurchaseDate: Date
  /// `expires_date` / `expiresDate`: present for auto-renewable subscriptions.
  public var expiresDate: Date?
  /// `web_order_line_item_id` / `webOrderLineItemId`.
  public var webOrderLineItemNumber: UInt64?
  /// `is_trial_period`, when shown.
  public var isTrialPeriod: Bool?
  /// `is_in_intro_offer_period` (or JWS `offerType` 1), when shown.
  public var isInIntroOfferPeriod: Bool?
  /// `promotional_offer_id` / `offerIdentifier`.
  public var promotionalOfferId: String?
  /// `cancellation_date` / `revocationDate`.
  public var cancellationDate: Date?
  /// `cancellation_reason` / `revocationReason`.
  public var cancellationReason: PurchaseRecord.CancellationReason?
  /// `isUpgraded` / `is_upgraded`.
  public var isUpgraded: Bool?
  /// `subscription_group_identifier` / `subscriptionGroupIdentifier`.
  public var subscriptionGroup: String?
  /// `app_account_token` / `appAccountToken`.
  public var appAccountToken: UUID?
  /// JWS `storefront` (an ISO 3166-1 alpha-3 code such as `USA`).
  public var storefront: String?
  /// JWS `price` in milliunits of `currency`.
  public var priceMilliunits: Int64?
  /// JWS `currency` (ISO 4217).
  public var currency: String?
  /// Why the entry exists, when known (a stated fact: a resubscription is a purchase continuing
  /// an original transaction, not a renewal); otherwise worked out from the ids and the type.
  public var reason: PurchaseRecord.Reason?
  /// `in_app_ownership_type` / `inAppOwnershipType` is `FAMILY_SHARED`.
  public var isFamilyShared: Bool?
  /// Whether it is the purchase of an upgrade: worked out by the import from the period it
  /// replaced (``UpgradeInference``), never read. Unless the data states a reason, it makes the
  /// entry a purchase, not a renewal, also when the world had it as a renewal before.
  var isUpgradePurchase = false

  /// A transaction with what every artifact shows; the rest unknown.
  public init(
    transactionNumber: UInt64, originalTransactionNumber: UInt64, productId: String, quantity: Int = 1,
    purchaseDate: Date, originalPurchaseDate: Date
  ) {
    self.transactionNumber = transactionNumber
    self.originalTransactionNumber = originalTransactionNumber
    self.productId = productId
    self.quantity = quantity
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
  }
}
