import Foundation
import Testing

@testable import Catalog

@Suite struct ValueTests {
  @Test(arguments: ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y", "P3D"])
  func periodsRoundTrip(_ text: String) throws {
    #expect(try #require(SubscriptionPeriod(iso8601: text)).iso8601 == text)
  }

  @Test(arguments: ["", "P", "1M", "PM", "P0M", "P1X", "P-1M", "P1M2", "P1000D", "P١M"])
  func malformedPeriodsAreRejected(_ text: String) {
    #expect(SubscriptionPeriod(iso8601: text) == nil)
  }

  @Test func amountsAreStrictDecimals() {
    #expect(Price.parseAmount("0.99") == Decimal(string: "0.99"))
    #expect(Price.parseAmount("120") == 120)
    for bad in ["", "abc", "1,5", "-1", "1e3", " 1", "1.", ".5", "1.2.3", "12abc"] {
      #expect(Price.parseAmount(bad) == nil, "\(bad)")
    }
  }

  @Test(arguments: [
    ("0.99", 2, "0.99"), ("120", 0, "120"), ("120", 2, "120.00"), ("1099.5", 2, "1099.50"), ("0", 2, "0.00"),
    ("0.005", 2, "0.00"), ("0.015", 2, "0.02"), ("0.5", 0, "0"), ("1.5", 0, "2"), ("0.0499", 3, "0.050"),
    ("12345678901234.5678", 2, "12345678901234.57"),
    ("99999999999999999999999", 2, "99999999999999999999999.00"),
  ])
  func plainAmountsRoundTheBankersWayToTheCurrencysDecimals(amount: String, decimals: Int, expected: String) {
    #expect(Price.plain(Price.parseAmount(amount)!, decimals: decimals) == expected)
    #expect(Price.plain(-Price.parseAmount(amount)!, decimals: decimals).hasSuffix(expected))
  }

  @Test func pricesAreFormattedTheStorefrontWay() {
    #expect(Price(amount: Decimal(string: "0.99")!, currency: "USD").formatted == "$0.99")
    #expect(Price(amount: Decimal(string: "1.09")!, currency: "EUR").formatted == "1,09 €")
    #expect(Price(amount: 120, currency: "JPY").formatted == "¥120")
    #expect(Price(amount: 6, currency: "CNY").formatted == "¥6.00")
    #expect(Price(amount: 5, currency: "XYZ").formatted == "5.00 XYZ")
    #expect(Price(amount: Decimal(string: "2.97")!, currency: "USD").description == "2.97 USD")
  }

  @Test func aStorefrontWithoutItsOwnPriceFallsBackToTheBasePrice() throws {
    let product = Product(
      id: "p", type: .consumable, referenceName: "p", localizations: [], basePrice: 1,
      storefrontPrices: ["FRA": 2])
    let catalog = Catalog(bundleId: "b", products: [product])
    #expect(
      catalog.price(of: product, in: try #require(Storefront.named("FRA")))
        == Price(amount: 2, currency: "EUR"))
    #expect(
      catalog.price(of: product, in: try #require(Storefront.named("JPN")))
        == Price(amount: 1, currency: "USD"))
  }

  @Test func localizedTextFallsBackByLanguageThenFirst() {
    let product = Product(
      id: "p", type: .consumable, referenceName: "ref",
      localizations: [
        Localization(locale: "en_US", text: LocalizedText(title: "Bottle", description: "")),
        Localization(locale: "fr_FR", text: LocalizedText(title: "Bouteille", description: "")),
      ], basePrice: 1)
    #expect(product.text(for: "fr_CA").title == "Bouteille")
    #expect(product.text(for: "ja_JP").title == "Bottle")
  }
}
