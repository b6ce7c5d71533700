import Catalog
import Foundation
import Testing

@testable import Store

/// A `.storekit` file's settings set the store's switches when it takes the catalog, and every
/// setting it cannot honour is named.
@Suite struct StoreKitSettingsPlanTests {
  private let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("CatalogTests/Fixtures/every-setting.storekit").path

  private func catalog(_ settings: String) throws -> Catalog {
    try CatalogLoader.parseStoreKitConfiguration(Array(#"{"settings": \#(settings)}"#.utf8), bundleId: "b")
  }

  @Test func everySwitchIsSetFromTheFixture() throws {
    let store = Store(catalog: try CatalogLoader.load(path: fixture), log: EventLog())
    #expect(store.timeRate == .everyFiveMinutes)
    #expect(store.locale == "fr_FR" && store.storefront.id == "FRA")
    #expect(store.isAskToBuyOn && store.isBillingRetryOn && store.isInterruptedPurchasesOn)
    #expect(store.gracePeriodDays == 16)
    #expect(store.faults.standingError(.buy) == .paymentCancelled)
    #expect(store.faults.standingError(.products) == .unknown)
    #expect(store.faults.standingError(.restore) == .unknown)
    #expect(store.faults.standingError(.download) == nil)
  }

  @Test func unsupportedSettingsAndOffersAreNamedOneLineEach() throws {
    let plan = StoreKitSettingsPlan(catalog: try CatalogLoader.load(path: fixture))
    #expect(
      plan.notes == [
        "_compatibilityTimeRate 6 is not simulated (it is for devices before iOS 15.2)",
        "_billingIssuesEnabled is not simulated (purchase billing failures; renewals use billing-retry)",
        "_disableDialogs is not simulated (storebench has no dialogs)",
        "_applicationInternalID, _developerTeamID, _lastSynchronizedDate describe the App Store Connect app the file was synced with: kept and written back by an export, nothing else",
      ])
  }

  @Test func anOlderFileNamesRenewalBillingIssuesByTheOldKey() throws {
    let store = Store(
      catalog: try catalog(#"{"_billingIssuesEnabled": true, "_timeRate": 13}"#), log: EventLog())
    #expect(store.isBillingRetryOn && store.timeRate == .monthlyEveryFiveMinutes)
    #expect(StoreKitSettingsPlan(catalog: try catalog(#"{"_billingIssuesEnabled": true}"#)).notes.isEmpty)
  }

  @Test func settingsTheFileLeavesOutKeepTheirSwitchesAndFalseTurnsThemOff() throws {
    let store = Store(catalog: try catalog("{}"), log: EventLog())
    store.isAskToBuyOn = true
    store.gracePeriodDays = 28
    try store.replaceCatalog(with: try catalog(#"{"_billingGracePeriodEnabled": false}"#))
    #expect(store.isAskToBuyOn && store.gracePeriodDays == nil)
    let failing = try catalog(#"{"_failTransactionsEnabled": true, "_storeKitError": 99}"#)
    try store.replaceCatalog(with: failing)
    #expect(store.faults.standingError(.buy) == .unknown)
    #expect(
      StoreKitSettingsPlan(catalog: failing).notes == [
        "_storeKitError 99 is not an SKError code; transactions fail with SKError 0 unknown"
      ])
    try store.replaceCatalog(with: try catalog(#"{"_failTransactionsEnabled": false}"#))
    #expect(store.faults.standingError(.buy) == nil)
  }

  @Test func unknownRatesStorefrontsAndKeysAreNoted() throws {
    let plan = StoreKitSettingsPlan(
      catalog: try catalog(#"{"_timeRate": 7, "_storefront": "NLD", "applicationName": "X"}"#))
    #expect(plan.timeRate == nil)
    #expect(
      plan.notes == [
        "_timeRate 7 is not simulated (not a rate Xcode knows)",
        "_storefront NLD is not a storefront storebench knows; the world uses USA",
        "setting applicationName is not known to storebench (ignored, and written back by an export)",
      ])
  }

  @Test func anArmedErrorOfUnknownShapeFailsWithUnknownAndSaysSo() throws {
    let plan = StoreKitSettingsPlan(
      catalog: try catalog(
        #"{"_storeKitErrors": [{"name": "Purchase", "enabled": true, "current": {"code": 5}}]}"#))
    #expect(plan.standingFaults.map(\.api) == [.buy] && plan.standingFaults.map(\.error) == [.unknown])
    #expect(
      plan.notes == [
        "_storeKitErrors \"Purchase\": the armed error (an object) is not understood; buy fails with SKError 0 unknown"
      ])
  }

  @Test func aStandingFaultOutlastsCountedOnes() {
    var faults = FaultPlan()
    faults.armStanding(.buy, error: .unknown)
    faults.arm(.buy, error: .paymentCancelled, count: 1)
    #expect(faults.take(.buy) == .paymentCancelled)
    #expect(faults.take(.buy) == .unknown && faults.take(.buy) == .unknown)
    faults.armStanding(.buy, error: nil)
    #expect(faults.take(.buy) == nil)
  }
}
