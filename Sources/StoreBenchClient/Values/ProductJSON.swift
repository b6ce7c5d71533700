import Foundation

/// A product's JSON, in the shape of the App Store's product records that StoreKit keeps as
/// `Product.jsonRepresentation`: `id`, `type`, `href` and `attributes` (its name, kind, offers
/// with the price, `icuLocale`, and for subscriptions the group's id, name and rank). The device
/// face sends products in this shape, and a connected app reads its `Product` from it.
package struct ProductJSON: Codable, Sendable {
  package struct Attributes: Codable, Sendable {
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
    /// The subscription's pricing terms (storebench's shape): absent without billing plans.
    var pricingTerms: [PricingTerm]?
  }

  /// One of a subscription's pricing terms: the billing plan, each billing's price and period, the
  /// commitment's price and length, and the offers that go with it.
  package struct PricingTerm: Codable, Sendable {
    var billingPlanType: String
    var billingPrice: String
    var billingPriceFormatted: String
    var billingPeriod: String
    var commitmentPrice: String
    var commitmentPriceFormatted: String
    var commitmentPeriod: String
    var offers: [Discount]
  }

  package struct PriceOffer: Codable, Sendable {
    var currencyCode: String
    var discounts: [Discount]
    var price: String
    var priceFormatted: String
    var recurringSubscriptionPeriod: String?
  }

  package struct Discount: Codable, Sendable {
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

  /// The record of a product priced in a storefront and described in a locale.
  ///
  /// - Parameters:
  ///   - price: The price's plain decimal text (`4.99`).
  package init(
    id: String, kind: String, isFamilyShareable: Bool, title: String, description: String, price: String,
    priceFormatted: String, currency: String, storefront: String, locale: String,
    subscription: Product.SubscriptionInfo?
  ) {
    let offers = subscription.map { info in
      ([info.introductoryOffer].compactMap { $0 } + info.promotionalOffers + info.winBackOffers).map(
        Discount.init)
    }
    attributes = Attributes(
      description: ["standard": description], icuLocale: "\(locale)@currency=\(currency)",
      isFamilyShareable: isFamilyShareable ? 1 : 0, kind: kind, name: title, offerName: id,
      offers: [
        PriceOffer(
          currencyCode: currency, discounts: offers ?? [], price: price, priceFormatted: priceFormatted,
          recurringSubscriptionPeriod: subscription?.subscriptionPeriod.debugDescription)
      ], subscriptionFamilyId: subscription?.subscriptionGroupID,
      subscriptionFamilyName: subscription?.groupDisplayName,
      subscriptionFamilyRank: subscription?.groupLevel,
      pricingTerms: subscription.flatMap {
        $0.pricingTerms.isEmpty ? nil : $0.pricingTerms.map(PricingTerm.init)
      }
    )
    href = "/v1/catalog/\(storefront.lowercased())/in-apps/\(id)"
    self.id = id
    type = subscription == nil ? "in-apps" : "subscriptions"
  }

  /// The JSON, keys sorted.
  package var data: Data {
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

extension ProductJSON.PricingTerm {
  init(_ terms: Product.SubscriptionInfo.PricingTerms) {
    billingPlanType = terms.billingPlanType.rawValue
    billingPrice = "\(terms.billingPrice)"
    billingPriceFormatted = terms.billingDisplayPrice
    billingPeriod = terms.billingPeriod.debugDescription
    commitmentPrice = "\(terms.commitmentInfo.price)"
    commitmentPriceFormatted = terms.commitmentInfo.displayPrice
    commitmentPeriod = terms.commitmentInfo.period.debugDescription
    offers = terms.subscriptionOffers.map(ProductJSON.Discount.init)
  }
}

extension Product.SubscriptionInfo.PricingTerms {
  /// The pricing terms a record describes.
  init(record term: ProductJSON.PricingTerm, of id: String) throws(DeviceFailure) {
    guard let billingPrice = Decimal(string: term.billingPrice),
      let commitmentPrice = Decimal(string: term.commitmentPrice)
    else {
      throw DeviceFailure(
        errorCode: "invalid_value",
        errorMessage: "product \(id): pricing terms \(term.billingPlanType) have a price that is not a number"
      )
    }
    self.init(
      billingPlanType: Product.SubscriptionInfo.BillingPlanType(rawValue: term.billingPlanType),
      billingPrice: billingPrice, billingDisplayPrice: term.billingPriceFormatted,
      billingPeriod: try Product.period(term.billingPeriod, of: id),
      commitmentInfo: Product.SubscriptionInfo.CommitmentInfo(
        price: commitmentPrice, displayPrice: term.commitmentPriceFormatted,
        period: try Product.period(term.commitmentPeriod, of: id)),
      subscriptionOffers: try term.offers.map { discount throws(DeviceFailure) in
        try Product.SubscriptionOffer(record: discount, of: id)
      })
  }
}

extension Product {
  /// The product an App Store record describes, as StoreKit reads it.
  ///
  /// - Throws: ``DeviceFailure`` when the record lacks its price or a period does not read.
  package init(record: ProductJSON) throws(DeviceFailure) {
    let attributes = record.attributes
    guard let offer = attributes.offers.first, let price = Decimal(string: offer.price) else {
      throw DeviceFailure(errorCode: "invalid_value", errorMessage: "product \(record.id) has no price")
    }
    let locale = attributes.icuLocale.split(separator: "@").first.map(String.init) ?? "en_US"
    let subscription = try Self.subscription(of: record, offer: offer)
    self.init(
      id: record.id, type: Product.ProductType(rawValue: attributes.kind), displayName: attributes.name,
      description: attributes.description["standard"] ?? "", price: price, displayPrice: offer.priceFormatted,
      isFamilyShareable: attributes.isFamilyShareable != 0, subscription: subscription,
      currencyCode: offer.currencyCode, localeIdentifier: locale, json: record.data)
  }

  private static func subscription(
    of record: ProductJSON, offer: ProductJSON.PriceOffer
  ) throws(DeviceFailure) -> Product.SubscriptionInfo? {
    let attributes = record.attributes
    guard let group = attributes.subscriptionFamilyId, let periodText = offer.recurringSubscriptionPeriod
    else {
      return nil
    }
    let offers = try offer.discounts.map { discount throws(DeviceFailure) in
      try Product.SubscriptionOffer(record: discount, of: record.id)
    }
    return Product.SubscriptionInfo(
      introductoryOffer: offers.first { $0.type == .introductory },
      promotionalOffers: offers.filter { $0.type == .promotional },
      winBackOffers: offers.filter { $0.type == .winBack }, subscriptionGroupID: group,
      subscriptionPeriod: try period(periodText, of: record.id),
      groupLevel: attributes.subscriptionFamilyRank ?? 1,
      groupDisplayName: attributes.subscriptionFamilyName ?? "",
      pricingTerms: try (attributes.pricingTerms ?? []).map { term throws(DeviceFailure) in
        try Product.SubscriptionInfo.PricingTerms(record: term, of: record.id)
      })
  }

  static func period(_ text: String, of id: String) throws(DeviceFailure) -> Product.SubscriptionPeriod {
    guard let period = Product.SubscriptionPeriod(iso8601: text) else {
      throw DeviceFailure(
        errorCode: "invalid_value", errorMessage: "product \(id): \"\(text)\" is not a period")
    }
    return period
  }
}

extension Product.SubscriptionOffer {
  /// The offer a record's discount describes.
  init(record discount: ProductJSON.Discount, of id: String) throws(DeviceFailure) {
    guard let price = Decimal(string: discount.price) else {
      throw DeviceFailure(
        errorCode: "invalid_value",
        errorMessage: "product \(id): offer price \"\(discount.price)\" is not a number")
    }
    self.init(
      id: discount.offerId, type: OfferType(rawValue: discount.type), price: price,
      displayPrice: discount.priceFormatted,
      period: try Product.period(discount.recurringSubscriptionPeriod, of: id),
      periodCount: discount.numOfPeriods, paymentMode: PaymentMode(rawValue: discount.modeType))
  }
}
