import Foundation
import Testing

@testable import Catalog

private let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("catalog")

@Suite struct StoreKitConfigurationTests {
  @Test func anXcodeFileLoadsLikeTheNativeCatalogItMirrors() throws {
    let xcode = try CatalogLoader.load(
      path: catalogs.appendingPathComponent("selfies.storekit").path, bundleId: "com.example.selfies")
    let native = try CatalogLoader.load(path: catalogs.appendingPathComponent("selfies.json").path)
    #expect(xcode.bundleId == "com.example.selfies")
    #expect(xcode.products.map(\.id) == native.products.map(\.id))
    for (left, right) in zip(xcode.products, native.products) {
      #expect(left.subscription == right.subscription, "\(left.id)")
      #expect(left.basePrice == right.basePrice, "\(left.id)")
      #expect(left.type == right.type, "\(left.id)")
      #expect(left.text(for: "en_US") == right.text(for: "en_US"), "\(left.id)")
    }
  }

  private func load(_ json: String) throws(CatalogError) -> Catalog {
    try CatalogLoader.parseStoreKitConfiguration(Array(json.utf8), bundleId: "b")
  }

  @Test func productsOffersAndUnknownKeysAreRead() throws {
    let catalog = try load(
      """
      {"products": [{"displayPrice": "0.99", "familyShareable": true, "internalID": "X", "localizations": [],
        "productID": "coins", "referenceName": "Coins", "type": "Consumable", "somethingNew": 1}],
       "nonRenewingSubscriptions": [{"displayPrice": "9.99", "productID": "pass", "type": "NonRenewingSubscription",
        "localizations": [{"locale": "fr_FR", "displayName": "Passe", "description": ""}]}],
       "subscriptionGroups": [{"name": "G", "id": "1", "subscriptions": [{"displayPrice": "4.99", "groupNumber": 2,
        "productID": "sub", "recurringSubscriptionPeriod": "P1Y", "type": "RecurringSubscription",
        "introductoryOffer": {"paymentMode": "payAsYouGo", "displayPrice": "0.99", "numberOfPeriods": 3,
          "subscriptionPeriod": "P1M"},
        "adHocOffers": [{"offerID": "back", "paymentMode": "payUpFront", "displayPrice": "1.99",
          "subscriptionPeriod": "P3M"}]}]}],
       "settings": {"_storefront": "FRA"}, "version": {"major": 4, "minor": 0}}
      """)
    #expect(catalog.products.map(\.type) == [.consumable, .nonRenewing, .autoRenewable])
    #expect(catalog.product("coins")?.text(for: "en_US").title == "Coins")
    #expect(catalog.product("pass")?.text(for: "fr_FR").title == "Passe")
    let terms = try #require(catalog.product("sub")?.subscription)
    #expect(terms.level == 2 && terms.group == "G")
    #expect(terms.introductoryOffer?.numberOfPeriods == 3)
    #expect(terms.promotionalOffers.map(\.id) == ["back"])
    #expect(catalog.baseStorefront.id == "FRA")
  }

  @Test(arguments: [
    (
      #"{"products": [{"productID": "a", "type": "Gadget", "displayPrice": "1"}]}"#,
      #"products[0].type: type "Gadget" does not belong here (expected Consumable or NonConsumable)"#
    ),
    (
      #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": "abc"}]}"#,
      #"products[0].displayPrice: "abc" is not a decimal"#
    ),
    (
      #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": "1"}, {"productID": "a", "type": "NonConsumable", "displayPrice": "1"}]}"#,
      #"products[1]: duplicate productID "a" (first defined at products[0])"#
    ),
    (
      #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": "1"}], "subscriptionGroups": [{"name": "G", "subscriptions": [{"productID": "s", "type": "RecurringSubscription", "displayPrice": "1", "recurringSubscriptionPeriod": "P1M"}, {"productID": "a", "type": "RecurringSubscription", "displayPrice": "1", "recurringSubscriptionPeriod": "P1M"}]}]}"#,
      #"subscriptionGroups[0].subscriptions[1]: duplicate productID "a" (first defined at products[0])"#
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [{"productID": "s", "type": "RecurringSubscription", "displayPrice": "1", "recurringSubscriptionPeriod": "P5D"}]}]}"#,
      #"subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: "P5D" is not a subscription duration"#
    ),
  ])
  func brokenFilesNameThePath(json: String, message: String) {
    do {
      _ = try load(json)
      Issue.record("loaded")
    } catch {
      #expect(error.description == message)
    }
  }
}
