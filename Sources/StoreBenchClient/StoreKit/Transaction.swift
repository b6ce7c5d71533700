import Foundation

/// StoreKit 2's `Transaction`: a purchase, renewal or refund as the App Store signed it for this
/// device. Two transactions are equal when their JSON is, as in StoreKit.
public struct Transaction: Identifiable, Equatable, Hashable, CustomDebugStringConvertible, Sendable,
  _SignedStoreValue
{
  /// A transaction identifier.
  public typealias ID = UInt64

  /// The transaction identifier.
  public let id: UInt64
  /// The original purchase's identifier (the same for every renewal of a subscription).
  public let originalID: UInt64
  /// The subscription purchase event's identifier across devices.
  public let webOrderLineItemID: String?
  /// The product.
  public let productID: String
  /// The subscription group's identifier, for auto-renewable subscriptions: the same as the
  /// product's `subscription.subscriptionGroupID`.
  public let subscriptionGroupID: String?
  /// The app's bundle identifier.
  public let appBundleID: String
  /// When the App Store charged (or the renewal happened).
  public let purchaseDate: Date
  /// When the original purchase happened.
  public let originalPurchaseDate: Date
  /// When the subscription period ends.
  public let expirationDate: Date?
  /// How many were bought.
  public let purchasedQuantity: Int
  /// Whether the customer moved to a higher subscription of the group.
  public let isUpgraded: Bool
  /// The offer the transaction was bought in.
  public let offer: Transaction.Offer?
  /// When the App Store refunded or revoked it.
  public let revocationDate: Date?
  /// Why the App Store refunded or revoked it.
  public let revocationReason: Transaction.RevocationReason?
  /// The product's type.
  public let productType: Product.ProductType
  /// The UUID your app gave the purchase, tying it to the customer's account on your server.
  public let appAccountToken: UUID?
  /// The server environment.
  public let environment: AppStore.Environment
  /// Whether it is a purchase or a renewal.
  public let reason: Transaction.Reason
  /// The storefront of the purchase.
  public let storefront: Storefront
  /// SHA-384 of ``deviceVerificationNonce`` (lowercased) followed by ``AppStore/deviceVerificationID``
  /// (lowercased): how the app checks the transaction was signed for this device.
  public let deviceVerification: Data
  /// The nonce in ``deviceVerification``.
  public let deviceVerificationNonce: UUID
  /// Whether the customer bought it or has it through Family Sharing.
  public let ownershipType: Transaction.OwnershipType
  /// When the App Store signed it.
  public let signedDate: Date
  /// What the customer paid.
  public let price: Decimal?
  /// The currency of ``price``.
  public let currency: Locale.Currency?
  /// The app's download transaction.
  public let appTransactionID: String
  /// How the subscription is billed, for one bought with a billing plan (iOS 26.4).
  public let billingPlanType: Product.SubscriptionInfo.BillingPlanType?
  /// The transaction's place in a 12-month commitment billed monthly (iOS 26.4).
  public let commitmentInfo: Transaction.CommitmentInfo?
  package let signed: SignedValue

  /// The transaction's JSON, as signed.
  public var jsonRepresentation: Data { signed.payloadJSON }

  /// The JSON text.
  public var debugDescription: String { String(decoding: signed.payloadJSON, as: UTF8.self) }

  /// The offer's type.
  @available(*, deprecated, message: "use offer.type")
  public var offerType: Transaction.OfferType? { offer?.type }

  /// The offer's identifier.
  @available(*, deprecated, message: "use offer.id")
  public var offerID: String? { offer?.id }

  /// The offer's payment mode, as text.
  @available(*, deprecated, message: "use offer.paymentMode")
  public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

  /// The offer's period in ISO 8601.
  @available(*, deprecated, message: "use offer.period")
  public var offerPeriodStringRepresentation: String? { offer?.period?.debugDescription }

  /// The environment, as text.
  @available(*, deprecated, message: "use environment")
  public var environmentStringRepresentation: String { environment.rawValue }

  /// The reason, as text.
  @available(*, deprecated, message: "use reason")
  public var reasonStringRepresentation: String { reason.rawValue }

  /// The storefront's country code (ISO 3166-1 alpha-3).
  @available(*, deprecated, message: "use storefront")
  public var storefrontCountryCode: String { storefront.countryCode }

  /// The currency's code.
  @available(*, deprecated, message: "use currency.identifier")
  public var currencyCode: String? { currency?.identifier }

  /// Tells the App Store the app delivered what was bought: the transaction leaves
  /// `Transaction.unfinished`.
  public func finish() async {
    await CurrentStore.required("Transaction.finish()").finish(transactionID: id)
  }

  /// The status of the subscription the transaction belongs to, for auto-renewable subscriptions.
  public var subscriptionStatus: Product.SubscriptionInfo.Status? {
    get async { try? await CurrentStore.required("Transaction.subscriptionStatus").status(transactionID: id) }
  }

  /// Compares the JSON, as StoreKit does.
  public static func == (lhs: Transaction, rhs: Transaction) -> Bool {
    lhs.signed.payloadJSON == rhs.signed.payloadJSON
  }

  /// Hashes the JSON.
  public func hash(into hasher: inout Hasher) { hasher.combine(signed.payloadJSON) }

  /// The compact JWS (for ``VerificationResult``'s JWS accessors).
  public var _compactJWS: String { signed.compact }
}
