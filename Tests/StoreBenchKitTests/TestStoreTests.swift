import Foundation
import StoreBenchKit
import Testing

/// `TestStore`'s own surface, beyond what the other suites drive: making one, its event log,
/// relaunching the app, buying on another device, and its errors.
@Suite struct TestStoreTests {
  @Test func aCatalogThatDoesNotLoadIsATestStoreError() {
    do {
      _ = try TestStore(catalogFile: URL(fileURLWithPath: "/no/such/catalog.json"))
      Issue.record("a missing catalog loaded")
    } catch {
      #expect(error.description.contains("/no/such/catalog.json"))
    }
  }

  @Test func anAuthorityDirectoryOfTheTestsOwnSignsTransactions() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "storebenchkit-tests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try TestStore(catalogFile: Fixtures.catalog, authorityDirectory: directory)
    try await store.run {
      guard case .verified = try await VerificationResultTests.purchaseResult("level.pack") else {
        Issue.record("not verified")
        return
      }
    }
    #expect(FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func theEventLogSaysWhatHappened() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let before = store.events.count
      try await Fixtures.buy("level.pack").finish()
      let lines = store.events.dropFirst(before)
      #expect(lines.contains { $0.contains("level.pack") })
    }
  }

  @Test func aPurchaseOnAnotherDeviceIsTheCustomersEverywhere() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let other = try store.purchaseOnAnotherDevice(productID: "maps.hd")
      #expect(other.productID == "maps.hd")
      #expect(await Fixtures.collect(Transaction.currentEntitlements).map(\.id) == [other.id])
    }
  }

  @Test
  func twoPurchasesOnAnotherDeviceBothReachTheApp() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try store.purchaseOnAnotherDevice(productID: "maps.hd")
      _ = try await Product.products(for: ["maps.hd"])  // any call: the first update is published
      try store.purchaseOnAnotherDevice(productID: "level.pack")
      await store.settle()
      #expect(await app.heard == ["maps.hd purchase", "level.pack purchase"])
      #expect(throws: TestStoreError.self) { try store.purchaseOnAnotherDevice(productID: "no.such.product") }
    }
  }

  @Test func aTestStoreErrorCarriesTheCodeOfWhatFailed() async throws {
    let store = try Fixtures.store()
    try await store.run {
      func code(_ body: () throws -> Void) -> String? {
        do {
          try body()
          return nil
        } catch let error as TestStoreError {
          return error.errorCode.rawValue
        } catch {
          return "not a TestStoreError: \(error)"
        }
      }
      #expect(code { try store.promote(productID: "no.such.product") } == "unknown_product")
      #expect(code { try store.refund(transactionID: 999) } == "unknown_transaction")
      let bought = try await Fixtures.buy("level.pack")
      await bought.finish()
      try store.refund(transactionID: bought.id)
      #expect(code { try store.refund(transactionID: bought.id) } == "refund_refused")
      #expect(code { try store.advanceClock(by: "soon") } == "invalid_value")
      #expect(code { try store.approveAskToBuy(productID: "level.pack") } == "test_store_failed")
    }
    do {
      _ = try TestStore(catalogFile: URL(fileURLWithPath: "/no/such/catalog.json"))
    } catch {
      #expect(error.errorCode.rawValue == "invalid_catalog")
      #expect(error.reason == error.description)
    }
  }
}
