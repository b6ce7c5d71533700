import Foundation
import Vocabulary

/// One in-app purchase as configured in App Store Connect.
public struct Product: Hashable, Sendable {
  /// The product identifier the app asks for, such as `EnergyBottle`.
  public var id: String
  /// Which of the four kinds of purchase it is.
  public var type: ProductType
  /// The internal name seen only by the developer.
  public var referenceName: String
  /// Titles and descriptions by locale identifier (`en_US`, `zh_CN`), in catalog order.
  public var localizations: [Localization]
  /// The price in the catalog's base storefront.
  public var basePrice: Decimal
  /// Prices that differ by storefront (alpha-3 code to amount in that storefront's currency).
  public var storefrontPrices: [String: Decimal]
  /// Whether it is for sale; a product that is not cleared comes back as an invalid identifier.
  public var isClearedForSale: Bool
  /// Whether family members share a purchase of it.
  public var isFamilyShareable: Bool
  /// Group, level, period and offers, for auto-renewable subscriptions.
  public var subscription: Subscription?
  /// How long a non-renewing subscription runs, when the catalog says (the app tracks it).
  public var nonRenewingPeriod: SubscriptionPeriod?
  /// Content Apple hosts for it, downloaded after purchase.
  public var hostedContent: HostedContent?
  /// Offer codes customers redeem for it: discounted subscription periods for an auto-renewable
  /// subscription, the product at a one-time price (often free) for any other kind.
  public var codeOffers: [CodeOffer] = []

  /// Creates a product.
  public init(
    id: String, type: ProductType, referenceName: String,
    localizations: [Localization],
    basePrice: Decimal, storefrontPrices: [String: Decimal] = [:], isClearedForSale: Bool = true,
    isFamilyShareable: Bool = false, subscription: Subscription? = nil,
    nonRenewingPeriod: SubscriptionPeriod? = nil
  ) {
    self.id = id
    self.type = type
    self.referenceName = referenceName
    self.localizations = localizations
    self.basePrice = basePrice
    self.storefrontPrices = storefrontPrices
    self.isClearedForSale = isClearedForSale
    self.isFamilyShareable = isFamilyShareable
    self.subscription = subscription
    self.nonRenewingPeriod = nonRenewingPeriod
  }

  /// The offer of this product a reference names, if the catalog has it.
  public func offer(_ reference: OfferReference) -> Offer? {
    switch reference.kind {
    case .introductory: subscription?.introductoryOffer
    case .promotional: subscription?.promotionalOffers.first { $0.id == reference.id }
    case .code: codeOffers.first { $0.referenceName == reference.id }?.terms
    case .winBack: subscription?.winBackOffers.first { $0.id == reference.id }
    }
  }

  /// The text for a locale: an exact match, else the same language, else the first localization.
  public func text(for locale: String) -> LocalizedText {
    let language = locale.split(separator: "_").first.map(String.init) ?? locale
    return localizations.first { $0.locale == locale }?.text
      ?? localizations.first { $0.locale.split(separator: "_").first.map(String.init) == language }?.text
      ?? localizations.first?.text ?? LocalizedText(title: referenceName, description: "")
  }
}
