import Catalog

/// `SKPayment`: a request to buy a product, in a quantity.
public struct Payment: Hashable, Sendable {
  /// The allowed quantities, as StoreKit enforces them.
  public static let quantities = 1...10

  /// The product to buy.
  public var productId: String
  /// How many, from 1 to 10.
  public var quantity: Int
  /// A promotional offer to redeem (`SKPaymentDiscount`), for auto-renewable subscriptions.
  public var offerId: String?
  /// The API that made it.
  public var api: StoreKitAPI
  /// The UUID the app ties to the customer's account (`appAccountToken(_:)`), lowercase, for
  /// StoreKit 2 purchases that give one.
  public var appAccountToken: String?
  /// The developer's proof of an offer: a signature or a JWS, checked when the payment is
  /// processed. A payment with an ``offerId`` and no proof is storebench's unsigned shortcut, as
  /// Xcode's test-only `promotionalOffer(id:)`.
  public var offerProof: OfferProof?
  /// A win-back offer to redeem (StoreKit 2's `PurchaseOption.winBackOffer`), for a churned
  /// subscriber.
  public var winBackOfferId: String?
  /// The billing plan chosen for an auto-renewable subscription (StoreKit 2's
  /// `PurchaseOption.billingPlanType(_:)`), `nil` for the regular price.
  public var billingPlan: BillingPlan.Kind?

  /// Creates a payment.
  public init(
    productId: String, quantity: Int = 1, offerId: String? = nil, api: StoreKitAPI = .storeKit1,
    appAccountToken: String? = nil
  ) {
    self.productId = productId
    self.quantity = quantity
    self.offerId = offerId
    self.api = api
    self.appAccountToken = appAccountToken
  }
}
