import Foundation
import JSON
import Testing

@testable import Catalog

/// `Catalog.document`: the native format written back, which a saved world embeds.
@Suite struct CatalogDocumentTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: [
    "default.json", "selfies.json", "soccer.json", "selfies.storekit", "offers.json", "commitments.json",
  ])
  func aCatalogReadsBackFromItsDocumentUnchanged(_ name: String) throws {
    let catalog = try CatalogLoader.load(path: Self.repository.appendingPathComponent("catalog/\(name)").path)
    let again = try CatalogLoader.catalog(from: catalog.document, path: "catalog")
    #expect(again.products == catalog.products)
    #expect(again.storefronts == catalog.storefronts)
    #expect(again.baseStorefront == catalog.baseStorefront)
    #expect([again.bundleId, again.appVersion] == [catalog.bundleId, catalog.appVersion])
    #expect(again.document == catalog.document)
  }

  @Test func billingPlansTravelFromTheNativeCatalogToAStoreKitFileAndBack() throws {
    let catalog = try CatalogLoader.load(
      path: Self.repository.appendingPathComponent("catalog/commitments.json").path)
    let plans = try #require(catalog.product("studio.yearly")?.subscription?.billingPlans)
    #expect(
      plans == [
        BillingPlan(
          kind: .billedUpFront, price: Decimal(string: "59.99")!, commitmentPrice: Decimal(string: "59.99")!,
          isEnabled: true),
        BillingPlan(
          kind: .monthly, price: Decimal(string: "5.99")!, commitmentPrice: Decimal(string: "71.88")!,
          isEnabled: true),
      ])
    let file = StoreKitConfigurationWriter.bytes(catalog)
    let reloaded = try CatalogLoader.parseStoreKitConfiguration(file, bundleId: catalog.bundleId)
    #expect(reloaded.product("studio.yearly")?.subscription?.billingPlans == plans)
    #expect(String(decoding: file, as: UTF8.self).contains("\"billingPlanType\" : \"MONTHLY\""))
  }

  @Test func errorsInAnEmbeddedCatalogNameItsPathInTheDocument() {
    let document = JSONValue.object([.init("bundleId", .string("x")), .init("products", .string("none"))])
    #expect(throws: CatalogError(location: "catalog.products", reason: "expected an array, found \"none\"")) {
      try CatalogLoader.catalog(from: document, path: "catalog")
    }
  }
}
