import Catalog
import Foundation

/// A product's JSON, in the shape of the App Store's product records that StoreKit keeps as
/// `Product.jsonRepresentation`: `id`, `type`, `href` and `attributes` (its name, kind, offers
/// with the price, `icuLocale`, and for subscriptions the group's id, name and rank).
struct ProductJSON: Encodable {
  struct Attributes: Encodable {
    var description: [String: String]
    var icuLocale: String
    var isFamilyShareable: Int
    var kind: String
    var name: String
    var offerName: String
    var offers: [PriceOffer]
    var subscriptionFamilyId: String?
    var subscriptionFamilyName: String?
    var subscriptionFamilyRank: Int?
  }

  struct PriceOffer: Encodable {
    var currencyCode: String
    var discounts: [Discount]
    var price: String
    var priceFormatted: String
    var recurringSubscriptionPeriod: String?
  }

  struct Discount: Encodable {
    var modeType: String
    var numOfPeriods: Int
    var offerId: String?
    var price: String
    var priceFormatted: String
    var recurringSubscriptionPeriod: String
    var type: String
  }

  var attributes: Attributes
  var href: String
  var id: String
  var type: String

  init(
    id: String, kind: String, isFamilyShareable: Bool, text: LocalizedText, price: Price, storefront: String,
    locale: String, subscription: Product.SubscriptionInfo?
  ) {
    let offers = subscription.map { info in
      ([info.introductoryOffer].compactMap { $0 } + info.promotionalOffers + info.winBackOffers).map(
        Discount.init)
    }
    attributes = Attributes(
      description: ["standard": text.description], icuLocale: "\(locale)@currency=\(price.currency)",
      isFamilyShareable: isFamilyShareable ? 1 : 0, kind: kind, name: text.title, offerName: id,
      offers: [
        PriceOffer(
          currencyCode: price.currency, discounts: offers ?? [], price: price.plainAmount,
          priceFormatted: price.formatted,
          recurringSubscriptionPeriod: subscription?.subscriptionPeriod.debugDescription)
      ], subscriptionFamilyId: subscription?.subscriptionGroupID,
      subscriptionFamilyName: subscription?.groupDisplayName, subscriptionFamilyRank: subscription?.groupLevel
    )
    href = "/v1/catalog/\(storefront.lowercased())/in-apps/\(id)"
    self.id = id
    type = subscription == nil ? "in-apps" : "subscriptions"
  }

  /// The JSON, keys sorted.
  var data: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data()
  }
}

extension ProductJSON.Discount {
  init(_ offer: Product.SubscriptionOffer) {
    modeType = offer.paymentMode.rawValue
    numOfPeriods = offer.periodCount
    offerId = offer.id
    price = "\(offer.price)"
    priceFormatted = offer.displayPrice
    recurringSubscriptionPeriod = offer.period.debugDescription
    type = offer.type.rawValue
  }
}
