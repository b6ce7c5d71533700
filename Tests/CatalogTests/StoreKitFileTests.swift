import Foundation
import Testing

@testable import Catalog

/// The fixture exercising every `.storekit` setting and product kind.
let everySettingFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/every-setting.storekit").path

/// Known answers for every setting and product kind of a `.storekit` file, the export's round trip,
/// and malformed settings and offers.
@Suite struct StoreKitFileTests {
  private func fixture() throws -> Catalog {
    try CatalogLoader.load(path: everySettingFixture, bundleId: "com.example.kit")
  }

  @Test func everySettingIsRead() throws {
    let settings = try fixture().storeKitSettings
    #expect(settings.timeRate == 1001 && settings.compatibilityTimeRate == 6 && settings.storeKitError == 2)
    #expect(settings.locale == "fr_FR" && settings.storefront == "FRA")
    #expect(settings.askToBuyEnabled == true && settings.disableDialogs == true)
    #expect(settings.failTransactionsEnabled == true && settings.interruptedPurchasesEnabled == true)
    #expect(settings.billingIssuesEnabled == true && settings.renewalBillingIssuesEnabled == true)
    #expect(settings.billingGracePeriodEnabled == true)
    #expect(settings.applicationInternalID == "1552944963" && settings.developerTeamID == "8SXR2327BM")
    #expect(settings.lastSynchronizedDate == "743722291.47")
    #expect(settings.unknownMembers.isEmpty)
    let errors = try #require(settings.storeKitErrors)
    #expect(errors.count == 9)
    #expect(
      errors.filter(\.isEnabled).map(\.name) == [
        "Load Products", "Verification", "App Store Sync", "Offer Code Redeem Sheet",
      ])
    #expect(errors[0].emptyOnError == false && errors[1].emptyOnError == nil && errors[0].current == .null)
  }

  @Test func everyProductKindAndOfferIsRead() throws {
    let catalog = try fixture()
    #expect(catalog.baseStorefront.id == "FRA")
    #expect(
      catalog.products.map(\.type) == [
        .consumable, .nonConsumable, .nonRenewing, .autoRenewable, .autoRenewable,
      ])
    #expect(catalog.product("com.example.kit.energy")?.text(for: "fr_FR").title == "Énergie")
    #expect(catalog.product("com.example.kit.stadium")?.isFamilyShareable == true)
    let yearly = try #require(catalog.product("com.example.kit.premium.yearly"))
    #expect(yearly.basePrice == Decimal(string: "49.99") && yearly.isFamilyShareable)
    let terms = try #require(yearly.subscription)
    #expect(terms.group == "Premium" && terms.level == 1 && terms.period.iso8601 == "P1Y")
    #expect(
      terms.introductoryOffer
        == Offer(mode: .freeTrial, period: .init(value: 1, unit: .week), numberOfPeriods: 1, price: 0))
    #expect(
      terms.promotionalOffers == [
        Offer(
          id: "com.example.kit.promo.back", mode: .payUpFront, period: .init(value: 3, unit: .month),
          numberOfPeriods: 1, price: Decimal(string: "1.99")!)
      ])
    #expect(
      terms.winBackOffers == [
        Offer(
          id: "com.example.kit.winback", kind: .winBack, mode: .payAsYouGo,
          period: .init(value: 1, unit: .month),
          numberOfPeriods: 2, price: Decimal(string: "2.99")!)
      ])
    #expect(
      yearly.codeOffers == [
        CodeOffer(
          referenceName: "Special Winter Offer",
          terms: Offer(
            mode: .payAsYouGo, period: .init(value: 1, unit: .month), numberOfPeriods: 3,
            price: Decimal(string: "0.99")!),
          eligibility: [.new, .expired], isStackable: true)
      ])
    #expect(
      terms.billingPlans == [BillingPlan(kind: .monthly, price: 4, commitmentPrice: 48, isEnabled: true)])
    #expect(catalog.product("com.example.kit.premium.monthly")?.subscription?.level == 2)
  }

  @Test func exportLoadsBackToTheSameCatalogAndBytes() throws {
    let original = try fixture()
    let first = StoreKitConfigurationWriter.bytes(original)
    let reloaded = try CatalogLoader.parseStoreKitConfiguration(first, bundleId: "com.example.kit")
    #expect(reloaded.products == original.products)
    #expect(reloaded.storeKitSettings == original.storeKitSettings)
    #expect(reloaded.baseStorefront == original.baseStorefront)
    #expect(StoreKitConfigurationWriter.bytes(reloaded) == first)
  }

  @Test func theExportIsLaidOutAsXcodeWritesIt() throws {
    let text = String(decoding: StoreKitConfigurationWriter.bytes(try fixture()), as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"appPolicies\" : {\n    \"eula\" : \"\",\n"))
    #expect(text.contains("\n  \"identifier\" : \"B495CDA2\",\n"))
    #expect(text.contains("\"nonRenewingSubscriptions\" : [\n    {\n      \"displayPrice\" : \"9.99\",\n"))
    #expect(text.contains("        {\n          \"adHocOffers\" : [\n\n          ],\n"))
    #expect(
      text.contains(
        "    \"_storefront\" : \"FRA\",\n    \"_storeKitError\" : 2,\n    \"_storeKitErrors\" : ["))
    #expect(text.hasSuffix("  \"version\" : {\n    \"major\" : 5,\n    \"minor\" : 0\n  }\n}\n"))
  }

  @Test func aGenuineXcodeFileIsReadAndExportedByteForByte() throws {
    let path = URL(fileURLWithPath: everySettingFixture).deletingLastPathComponent()
      .appendingPathComponent("revenuecat-maestro.storekit").path
    let catalog = try CatalogLoader.load(path: path)
    #expect(
      catalog.products.map(\.id) == [
        "maestro.weekly.tests.01", "maestro.monthly.tests.02", "maestro.weekly2.tests.01",
      ])
    #expect(
      catalog.products.map { $0.subscription?.group } == [
        "subscription.group.1", "subscription.group.1", "subscription.group.2",
      ])
    #expect(
      catalog.product("maestro.weekly.tests.01")?.subscription?.promotionalOffers == [
        Offer(
          id: "maestro.weekly.tests.promo.free.01", mode: .freeTrial, period: .init(value: 3, unit: .day),
          numberOfPeriods: 1, price: 0)
      ])
    #expect(catalog.storeKitSettings.failTransactionsEnabled == false)
    #expect(catalog.storeKitSettings.storeKitErrors?.count == 9)
    #expect(catalog.storeKitDetails.identifier == "6FF06023")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Data(StoreKitConfigurationWriter.bytes(catalog)) == original)
  }

  @Test func unknownSettingsAreKeptAndWrittenBack() throws {
    let json = #"{"settings": {"applicationName": "Kit", "_locale": "en_US", "_future": {"a": [1, null]}}}"#
    let catalog = try CatalogLoader.parseStoreKitConfiguration(Array(json.utf8), bundleId: "b")
    #expect(catalog.storeKitSettings.unknownMembers.map(\.key) == ["applicationName", "_future"])
    let bytes = StoreKitConfigurationWriter.bytes(catalog)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.contains(
        "  \"settings\" : {\n    \"_future\" : {\n      \"a\" : [\n        1,\n        null\n      ]\n    },\n"
      ))
    let reloaded = try CatalogLoader.parseStoreKitConfiguration(bytes, bundleId: "b")
    #expect(reloaded.storeKitSettings.unknownMembers.map(\.key) == ["_future", "applicationName"])
    #expect(StoreKitConfigurationWriter.bytes(reloaded) == bytes)
  }

  @Test func aNativeCatalogExportsAndLoadsBack() throws {
    let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("catalog")
    let native = try CatalogLoader.load(path: catalogs.appendingPathComponent("selfies.json").path)
    let bytes = StoreKitConfigurationWriter.bytes(native)
    let reloaded = try CatalogLoader.parseStoreKitConfiguration(bytes, bundleId: native.bundleId)
    #expect(reloaded.products.map(\.id) == native.products.map(\.id))
    #expect(reloaded.products.map(\.subscription) == native.products.map(\.subscription))
    #expect(StoreKitConfigurationWriter.bytes(reloaded) == bytes)
  }

  @Test(arguments: [
    (
      #"{"settings": {"_askToBuyEnabled": "yes"}}"#,
      #"settings._askToBuyEnabled: expected true or false, found "yes""#
    ),
    (#"{"settings": {"_timeRate": -1}}"#, "settings._timeRate: -1 is out of range (0 to 100000)"),
    (#"{"settings": {"_locale": 5}}"#, "settings._locale: expected a string, found 5"),
    (
      #"{"settings": {"_lastSynchronizedDate": "2025-07-06"}}"#,
      #"settings._lastSynchronizedDate: expected a number, found "2025-07-06""#
    ),
    (
      #"{"settings": {"_storeKitErrors": [{"name": "Purchase"}]}}"#,
      "settings._storeKitErrors[0].enabled: missing"
    ),
    (
      #"{"settings": {"_storeKitErrors": [{"name": "Buy", "enabled": true}]}}"#,
      #"settings._storeKitErrors[0].name: unknown StoreKit API "Buy" (expected one of: Load Products, Purchase, Verification, App Store Sync, Subscription Status, App Transaction, Manage Subscriptions Sheet, Refund Request Sheet, Offer Code Redeem Sheet)"#
    ),
    (
      #"{"settings": {"_storeKitErrors": [{"name": "Purchase", "enabled": true, "extra": 1}]}}"#,
      "settings._storeKitErrors[0].extra: unknown key (expected one of: current, emptyOnError, enabled, name)"
    ),
    (#"{"settings": []}"#, "settings: expected an object, found an array"),
    (#"{"version": {"minor": 0}}"#, "version.major: missing"),
    (
      #"{"subscriptionGroups": [{"name": "G", "id": "1", "subscriptions": [\#(subscription(#""subscriptionGroupID": "2""#))]}]}"#,
      #"subscriptionGroups[0].subscriptions[0].subscriptionGroupID: "2" is not the id of its group ("1")"#
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [\#(subscription(#""codeOffers": [{"referenceName": "W", "paymentMode": "free", "subscriptionPeriod": "P1M", "eligibility": []}]"#))]}]}"#,
      "subscriptionGroups[0].subscriptions[0].codeOffers[0].eligibility: at least one eligibility is required"
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [\#(subscription(#""codeOffers": [{"referenceName": "W", "paymentMode": "free", "subscriptionPeriod": "P1M", "eligibility": ["lapsed"]}]"#))]}]}"#,
      #"subscriptionGroups[0].subscriptions[0].codeOffers[0].eligibility[0]: unknown eligibility "lapsed" (expected new, existing or expired)"#
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [\#(subscription(#""winbackOffers": [{"paymentMode": "free", "subscriptionPeriod": "P1M"}]"#))]}]}"#,
      "subscriptionGroups[0].subscriptions[0].winbackOffers[0].offerID: missing"
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [\#(subscription(#""billingPlans": [{"billingPlanType": "WEEKLY", "displayPrice": "1", "commitmentDisplayPrice": "12"}]"#))]}]}"#,
      #"subscriptionGroups[0].subscriptions[0].billingPlans[0].billingPlanType: unknown billingPlanType "WEEKLY" (expected BILLED_UPFRONT or MONTHLY)"#
    ),
    (
      #"{"subscriptionGroups": [{"name": "G", "subscriptions": [\#(subscription(#""adHocOffers": [{"offerID": "a", "paymentMode": "free", "subscriptionPeriod": "P1M"}, {"offerID": "a", "paymentMode": "free", "subscriptionPeriod": "P1M"}]"#))]}]}"#,
      #"subscriptionGroups[0].subscriptions[0].adHocOffers[1].offerID: duplicate offerID "a""#
    ),
  ])
  func malformedFilesNameThePathAndTheFault(json: String, message: String) {
    do {
      _ = try CatalogLoader.parseStoreKitConfiguration(Array(json.utf8), bundleId: "b")
      Issue.record("loaded")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aFileErrorNamesTheFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).storekit").path
    try Data(#"{"settings": {"_disableDialogs": 1}}"#.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      throws: CatalogError(
        file: path, location: "settings._disableDialogs", reason: "expected true or false, found 1")
    ) {
      try CatalogLoader.load(path: path)
    }
  }
}

/// A subscription with the given extra members, for malformed-file cases.
private func subscription(_ extra: String) -> String {
  #"{"productID": "s", "type": "RecurringSubscription", "displayPrice": "1", "recurringSubscriptionPeriod": "P1M", \#(extra)}"#
}
