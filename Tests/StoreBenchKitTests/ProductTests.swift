import Foundation
import StoreBenchKit
import Testing

/// `Product`: loading products as an app does (a set, a dictionary's keys, an array), reading them,
/// showing their prices and periods, and the product's own shortcuts to its transactions.
@Suite struct ProductTests {
  @Test func productsForASetDictionaryKeysOrAnArrayAnswerOnlyWhatIsForSale() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let wanted = ["coins.100", "level.pack", "no.such.product", "retired.skin"] as Set
      let fromSet = try await Product.products(for: wanted)
      #expect(Set(fromSet.map(\.id)) == ["coins.100", "level.pack"])

      let emoji: [String: String] = ["coins.100": "🪙", "pro.monthly": "⭐️", "season.pass": "🎟"]
      let fromKeys = try await Product.products(for: emoji.keys)
      #expect(Set(fromKeys.map(\.id)) == Set(emoji.keys))

      let fromArray = try await Product.products(for: ["maps.hd"])
      #expect(fromArray.map(\.id) == ["maps.hd"])
      let none = try await Product.products(for: [String]())
      #expect(none.isEmpty)
    }
  }

  @Test func aProductReadsAsTheCatalogDescribesIt() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let coins = try await Fixtures.product("coins.100")
      let id: Product.ID = coins.id
      #expect(id == "coins.100")
      #expect(coins.type == .consumable)
      #expect(coins.displayName == "100 Coins")
      #expect(coins.description == "A pouch of 100 coins.")
      #expect(coins.price == Decimal(string: "0.99"))
      #expect(coins.displayPrice == "$0.99")
      #expect(!coins.isFamilyShareable)
      #expect(coins.subscription == nil)

      let pack = try await Fixtures.product("level.pack")
      #expect(pack.isFamilyShareable)
      #expect(pack.price == Decimal(string: "2.99"))
    }
  }

  @Test func aSwitchOverTheOpenProductTypeSortsTheCatalog() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let ids = [
        "coins.100", "level.pack", "pro.monthly", "pro.yearly", "lite.monthly", "season.pass", "maps.hd",
      ]
      var shelves: [String: [String]] = [:]
      for product in try await Product.products(for: ids).sorted(by: { $0.id < $1.id }) {
        switch product.type {
        case .consumable: shelves["consumable", default: []].append(product.id)
        case .nonConsumable: shelves["nonConsumable", default: []].append(product.id)
        case .autoRenewable: shelves["autoRenewable", default: []].append(product.id)
        case .nonRenewable: shelves["nonRenewable", default: []].append(product.id)
        default: shelves["other", default: []].append(product.id)
        }
      }
      #expect(
        shelves == [
          "consumable": ["coins.100"], "nonConsumable": ["level.pack", "maps.hd"],
          "autoRenewable": ["lite.monthly", "pro.monthly", "pro.yearly"], "nonRenewable": ["season.pass"],
        ])
    }
  }

  @Test func productTypesHaveTheirRawValuesAndNames() {
    let types: [Product.ProductType] = [.consumable, .nonConsumable, .nonRenewable, .autoRenewable]
    #expect(
      types.map(\.rawValue) == [
        "Consumable", "Non-Consumable", "Non-Renewing Subscription", "Auto-Renewable Subscription",
      ])
    #expect(types.map(\.localizedDescription) == types.map(\.rawValue))
    let future = Product.ProductType(rawValue: "Bundle")
    #expect(future != .consumable)
    #expect(future.localizedDescription == "Bundle")
    #expect(Product.ProductType(rawValue: "Consumable") == .consumable)
  }

  @Test func theJSONRepresentationIsTheProductsRecordAndItsDebugText() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let product = try await Fixtures.product("pro.monthly")
      let json = try #require(
        try JSONSerialization.jsonObject(with: product.jsonRepresentation) as? [String: Any])
      #expect(json["id"] as? String == "pro.monthly")
      #expect(json["type"] as? String == "subscriptions")
      let attributes = try #require(json["attributes"] as? [String: Any])
      #expect(attributes["name"] as? String == "Pro")
      #expect(attributes["subscriptionFamilyName"] as? String == "Pro")
      #expect(attributes["subscriptionFamilyRank"] as? Int == 1)
      #expect(attributes["icuLocale"] as? String == "en_US@currency=USD")
      #expect(product.debugDescription == String(decoding: product.jsonRepresentation, as: UTF8.self))
      #expect("\(product)" == product.debugDescription)
    }
  }

  @Test func productsAreEqualWhenTheirJSONIsSoAStorefrontChangeMakesANewOne() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let first = try await Fixtures.product("level.pack")
      let again = try await Fixtures.product("level.pack")
      #expect(first == again)
      #expect(Set([first, again]).count == 1)
      #expect([first].contains(again))
      try store.setStorefront("JPN")
      let inJapan = try await Fixtures.product("level.pack")
      #expect(inJapan != first)
      #expect(inJapan.price == 450)
      #expect(Set([first, inJapan]).count == 2)
    }
  }

  @Test func thePriceFormatStyleShowsTheStorefrontsCurrency() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      #expect(pack.price.formatted(pack.priceFormatStyle) == "$2.99")
      #expect(pack.priceFormatStyle.currencyCode == "USD")
      try store.setStorefront("FRA")
      let inFrance = try await Fixtures.product("level.pack")
      #expect(inFrance.priceFormatStyle.currencyCode == "EUR")
      #expect(inFrance.displayPrice.contains("€"))
    }
  }

  @Test func thePeriodFormatStylesNameAPeriodAndItsUnit() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let monthly = try await Fixtures.product("pro.monthly")
      let yearly = try await Fixtures.product("pro.yearly")
      let month = try #require(monthly.subscription?.subscriptionPeriod)
      let year = try #require(yearly.subscription?.subscriptionPeriod)
      let trial = try #require(monthly.subscription?.introductoryOffer?.period)
      #expect(month.formatted(monthly.subscriptionPeriodFormatStyle) == "1 month")
      #expect(year.formatted(yearly.subscriptionPeriodFormatStyle) == "1 year")
      #expect(trial.formatted(monthly.subscriptionPeriodFormatStyle) == "1 week")
      #expect(
        Product.SubscriptionPeriod.everyTwoWeeks.formatted(monthly.subscriptionPeriodFormatStyle) == "2 weeks"
      )
      #expect(
        Product.SubscriptionPeriod.everySixMonths.formatted(monthly.subscriptionPeriodFormatStyle)
          == "6 months")
      #expect(
        Product.SubscriptionPeriod.everyThreeDays.formatted(monthly.subscriptionPeriodFormatStyle) == "3 days"
      )
      let style: Product.SubscriptionPeriodFormatStyle = monthly.subscriptionPeriodFormatStyle
      #expect(style.format(month.dateRange(referenceDate: Fixtures.start)) == "1 month")
      #expect(month.unit.formatted(monthly.subscriptionPeriodUnitFormatStyle) == "month")
      #expect(year.unit.formatted(yearly.subscriptionPeriodUnitFormatStyle) == "year")
    }
  }

  @Test func theLocaleChoosesTheNameAndDescription() async throws {
    let store = try Fixtures.store()
    try await store.run {
      store.setLocale("fr_FR")
      let coins = try await Fixtures.product("coins.100")
      #expect(coins.displayName == "100 pièces")
      #expect(coins.description == "Une bourse de 100 pièces.")
    }
  }

  @Test func aProductsLatestTransactionAndEntitlementsFollowItsPurchases() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      #expect(await pack.latestTransaction == nil)
      #expect(await Fixtures.collect(pack.currentEntitlements).isEmpty)
      let bought = try await Fixtures.buy("level.pack")
      await bought.finish()
      guard case .verified(let latest) = await pack.latestTransaction else {
        Issue.record("no verified latest transaction")
        return
      }
      #expect(latest.id == bought.id)
      #expect(await Fixtures.collect(pack.currentEntitlements).map(\.id) == [bought.id])
      try store.refund(transactionID: bought.id)
      #expect(await Fixtures.collect(pack.currentEntitlements).isEmpty)
      #expect(await pack.latestTransaction?.unsafePayloadValue.revocationDate != nil)
    }
  }

  @available(*, deprecated, message: "uses Product.currentEntitlement, deprecated in iOS 18.4")
  @Test func theDeprecatedCurrentEntitlementIsTheEntitlementOrNil() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      #expect(await pack.currentEntitlement == nil)
      let bought = try await Fixtures.buy("level.pack")
      #expect(try await pack.currentEntitlement?.payloadValue.id == bought.id)
    }
  }
}
