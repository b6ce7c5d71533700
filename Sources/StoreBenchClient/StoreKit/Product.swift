import Foundation

/// StoreKit 2's `Product`: an in-app purchase as the App Store offers it in the customer's
/// storefront, read from the test store's catalog. Two products are equal when their JSON is
/// (the same product, price and storefront), as in StoreKit.
public struct Product: Identifiable, Equatable, Hashable, CustomDebugStringConvertible, Sendable {
  /// A product identifier.
  public typealias ID = String

  /// The product identifier.
  public let id: String
  /// The product's type.
  public let type: Product.ProductType
  /// The localized name.
  public let displayName: String
  /// The localized description (the marketing text, not `CustomStringConvertible`).
  public let description: String
  /// The price in the storefront's currency.
  public let price: Decimal
  /// The price as the App Store shows it, such as `$4.99`.
  public let displayPrice: String
  /// Whether Family Sharing shares the product.
  public let isFamilyShareable: Bool
  /// The subscription's terms, for auto-renewable subscriptions.
  public let subscription: Product.SubscriptionInfo?
  /// The currency and locale the price is shown in.
  package let currencyCode: String
  package let localeIdentifier: String
  private let json: Data

  package init(
    id: String, type: Product.ProductType, displayName: String, description: String, price: Decimal,
    displayPrice: String, isFamilyShareable: Bool, subscription: Product.SubscriptionInfo?,
    currencyCode: String, localeIdentifier: String, json: Data
  ) {
    self.id = id
    self.type = type
    self.displayName = displayName
    self.description = description
    self.price = price
    self.displayPrice = displayPrice
    self.isFamilyShareable = isFamilyShareable
    self.subscription = subscription
    self.currencyCode = currencyCode
    self.localeIdentifier = localeIdentifier
    self.json = json
  }

  /// The product as the App Store sent it, in JSON.
  public var jsonRepresentation: Data { json }

  /// The JSON text.
  public var debugDescription: String { String(decoding: json, as: UTF8.self) }

  /// The format style of ``price``: the storefront's currency in the customer's locale.
  public var priceFormatStyle: Decimal.FormatStyle.Currency {
    Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
  }

  /// A format style for a subscription period's date range, such as `1 month`.
  ///
  /// StoreKit's type is `Date.ComponentsFormatStyle`, which Linux's Foundation cannot use as a
  /// `FormatStyle`; this one formats the same input (`Range<Date>`) the same way.
  public var subscriptionPeriodFormatStyle: Product.SubscriptionPeriodFormatStyle {
    Product.SubscriptionPeriodFormatStyle(locale: Locale(identifier: localeIdentifier))
  }

  /// A format style for a subscription period's unit, such as `month`.
  public var subscriptionPeriodUnitFormatStyle: Product.SubscriptionPeriod.Unit.FormatStyle {
    Product.SubscriptionPeriod.Unit.FormatStyle().locale(Locale(identifier: localeIdentifier))
  }

  /// Compares the products' JSON, as StoreKit does.
  public static func == (lhs: Product, rhs: Product) -> Bool { lhs.json == rhs.json }

  /// Hashes the product's JSON.
  public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
