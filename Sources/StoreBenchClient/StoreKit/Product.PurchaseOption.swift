import Foundation

extension Product {
  /// An option of a purchase: made only through the static functions, as in StoreKit, and
  /// gathered in a `Set`.
  public struct PurchaseOption: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// What the option says.
    package let kind: Kind

    package init(_ kind: Kind) {
      self.kind = kind
    }

    /// The options StoreKit has, and those StoreKitTest adds.
    package enum Kind: Hashable, Sendable {
      case appAccountToken(UUID)
      case quantity(Int)
      case simulatesAskToBuyInSandbox(Bool)
      case custom(key: String, value: CustomValue)
      case onStorefrontChange(StorefrontChangeHandler)
      case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
      case winBackOffer(Product.SubscriptionOffer)
      case billingPlanType(Product.SubscriptionInfo.BillingPlanType)
      /// StoreKitTest's `promotionalOffer(id:)`: the test environment needs no signature.
      case testPromotionalOffer(id: String)
      /// StoreKitTest's `codeOffer(referenceName:)`.
      case testCodeOffer(referenceName: String)
      /// StoreKitTest's `purchaseDate(_:renewalBehavior:)`.
      case testPurchaseDate(Date, cancelsImmediately: Bool)
    }

    /// A value of a `custom` option.
    package enum CustomValue: Hashable, Sendable {
      case string(String), double(Double), bool(Bool), data(Data)
    }

    /// The closure of `onStorefrontChange`, equal only to itself.
    package struct StorefrontChangeHandler: Hashable, Sendable {
      let id = UUID()
      let shouldContinue: @Sendable (Storefront) -> Bool

      package static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
      package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// The option, for reading.
    public var debugDescription: String { "PurchaseOption(\(kind))" }

    /// A UUID your server gave the customer's account, carried by the transaction.
    public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption {
      PurchaseOption(.appAccountToken(token))
    }

    /// How many, for a consumable: 1 to 10.
    public static func quantity(_ quantity: Int) -> Product.PurchaseOption {
      PurchaseOption(.quantity(quantity))
    }

    /// In the sandbox, makes this purchase wait for a parent's approval (Ask to Buy).
    public static func simulatesAskToBuyInSandbox(_ simulateAskToBuy: Bool) -> Product.PurchaseOption {
      PurchaseOption(.simulatesAskToBuyInSandbox(simulateAskToBuy))
    }

    /// A key and value the App Store keeps with the purchase.
    public static func custom(key: String, value: String) -> Product.PurchaseOption {
      PurchaseOption(.custom(key: key, value: .string(value)))
    }

    /// A key and value the App Store keeps with the purchase.
    public static func custom(key: String, value: Double) -> Product.PurchaseOption {
      PurchaseOption(.custom(key: key, value: .double(value)))
    }

    /// A key and value the App Store keeps with the purchase.
    public static func custom(key: String, value: Bool) -> Product.PurchaseOption {
      PurchaseOption(.custom(key: key, value: .bool(value)))
    }

    /// A key and value the App Store keeps with the purchase.
    public static func custom(key: String, value: Data) -> Product.PurchaseOption {
      PurchaseOption(.custom(key: key, value: .data(value)))
    }

    /// Asks whether to go on when the storefront changes between loading the product and buying
    /// it; `false` cancels the purchase.
    @preconcurrency
    public static func onStorefrontChange(
      shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool
    ) -> Product.PurchaseOption {
      PurchaseOption(.onStorefrontChange(StorefrontChangeHandler(shouldContinue: shouldContinuePurchase)))
    }

    /// A promotional offer, signed by your server with an In-App Purchase key (the signature's
    /// DER bytes; `timestamp` in milliseconds).
    @available(*, deprecated, message: "use promotionalOffer(_:compactJWS:)")
    public static func promotionalOffer(
      offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
    ) -> Product.PurchaseOption {
      PurchaseOption(
        .promotionalOffer(
          offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
    }

    /// A promotional offer with its signature.
    @available(*, deprecated, message: "use promotionalOffer(_:compactJWS:)")
    public static func promotionalOffer(
      offerID: String, signature: Product.SubscriptionOffer.Signature
    ) -> Product.PurchaseOption {
      PurchaseOption(
        .promotionalOffer(
          offerID: offerID, keyID: signature.keyID, nonce: signature.nonce, signature: signature.signature,
          timestamp: signature.timestamp))
    }

    /// A promotional offer whose JWS your server signed: two custom options, as StoreKit makes
    /// them (`adHocOfferId` and `adHocSignature`).
    public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [Product.PurchaseOption] {
      [
        .custom(key: CustomKey.promotionalOfferID, value: offerID),
        .custom(key: CustomKey.promotionalOfferSignature, value: Data(compactJWS.utf8).base64EncodedString()),
      ]
    }

    /// Your server's decision on the introductory offer, as a JWS: a custom option, as StoreKit
    /// makes it (`introOfferEligibilityParam`).
    public static func introductoryOfferEligibility(compactJWS: String) -> Product.PurchaseOption {
      .custom(key: CustomKey.introductoryOfferEligibility, value: compactJWS)
    }

    /// A win-back offer of the product, for a customer whose subscription lapsed.
    public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption {
      PurchaseOption(.winBackOffer(offer))
    }

    /// The billing plan to subscribe with (iOS 26.4), one of the product's ``Product/SubscriptionInfo/pricingTerms``:
    /// `.monthly` for a 12-month commitment billed monthly.
    public static func billingPlanType(
      _ billingPlanType: Product.SubscriptionInfo.BillingPlanType
    ) -> Product.PurchaseOption {
      PurchaseOption(.billingPlanType(billingPlanType))
    }

    /// The keys StoreKit's back-deployed offer options write as custom options.
    package enum CustomKey {
      package static let promotionalOfferID = "adHocOfferId"
      package static let promotionalOfferSignature = "adHocSignature"
      package static let introductoryOfferEligibility = "introOfferEligibilityParam"
    }
  }
}
