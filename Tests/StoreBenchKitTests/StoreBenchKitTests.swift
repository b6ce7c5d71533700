import Foundation
import StoreBenchKit
import Testing

/// StoreKit 2's API over an in-process world, as an app's tests use it.
@Suite struct StoreBenchKitTests {
  /// The repository's default catalog.
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/Workbench/Resources/default-catalog.json").standardizedFileURL

  @Test func productsComeFromTheCatalogInTheOrderAsked() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    let products = try await store.run {
      try await Product.products(for: ["pro.monthly", "nope", "level.pack"])
    }
    #expect(products.map(\.id) == ["pro.monthly", "level.pack"])
    #expect(products.first?.type == .autoRenewable)
    #expect(products.first?.subscription?.subscriptionPeriod == "P1M")
    #expect(products.last?.displayPrice == "$2.99")
  }

  @Test func aPurchaseSucceedsVerifiedAndIsAnEntitlement() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    let token = UUID()
    try await store.run {
      let product = try #require(try await Product.products(for: ["level.pack"]).first)
      guard case .success(let result) = try await product.purchase(options: [.appAccountToken(token)]) else {
        Issue.record("not a success")
        return
      }
      let transaction = try result.payloadValue
      #expect(transaction.productID == "level.pack")
      #expect(transaction.appAccountToken == token)
      #expect(result.jwsRepresentation.split(separator: ".").count == 3)
      await transaction.finish()
      let entitlement = try #require(await Transaction.currentEntitlement(for: "level.pack"))
      #expect(try entitlement.payloadValue.id == transaction.id)
      var unfinished = 0
      for await _ in Transaction.unfinished { unfinished += 1 }
      #expect(unfinished == 0)
    }
  }

  @Test func aPurchaseOnAnotherDeviceArrivesThroughUpdates() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    try await store.run {
      let updates = Transaction.updates
      try await store.purchaseOnAnotherDevice(productID: "maps.hd")
      var iterator = updates.makeAsyncIterator()
      let update = try #require(await iterator.next())
      #expect(try update.payloadValue.productID == "maps.hd")
    }
  }

  @Test func askToBuyIsPendingAndTheApprovalArrivesThroughUpdates() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    await store.setAskToBuy(true)
    try await store.run {
      let updates = Transaction.updates
      let product = try #require(try await Product.products(for: ["level.pack"]).first)
      guard case .pending = try await product.purchase() else {
        Issue.record("not pending")
        return
      }
      #expect(await Transaction.currentEntitlement(for: "level.pack") == nil)
      try await store.approveAskToBuy(productID: "level.pack")
      var iterator = updates.makeAsyncIterator()
      #expect(try await iterator.next()?.payloadValue.productID == "level.pack")
    }
  }

  @Test func aSubscriptionInBillingRetryIsNotEntitledAndRecovers() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    try await store.run {
      let product = try #require(try await Product.products(for: ["pro.monthly"]).first)
      _ = try await product.purchase()
      await store.setBillingRetry(true)
      try await store.advanceClock(by: "8d")
      let status = try #require(try await product.subscription?.status.first)
      #expect(status.state == .inBillingRetryPeriod)
      #expect(status.renewalInfo.isInBillingRetry)
      #expect(await Transaction.currentEntitlement(for: "pro.monthly") == nil)
      try await store.fixBilling()
      #expect(try await product.subscription?.status.first?.state == .subscribed)
      #expect(await Transaction.currentEntitlement(for: "pro.monthly") != nil)
    }
  }

  @Test func aRefundArrivesThroughUpdatesWithItsRevocationDate() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    try await store.run {
      let product = try #require(try await Product.products(for: ["level.pack"]).first)
      guard case .success(let result) = try await product.purchase() else { return }
      let updates = Transaction.updates
      try await store.refund(transactionID: result.unsafePayloadValue.id)
      var iterator = updates.makeAsyncIterator()
      let revoked = try #require(await iterator.next()).unsafePayloadValue
      #expect(revoked.revocationDate != nil)
      #expect(await Transaction.latest(for: "level.pack")?.unsafePayloadValue.revocationDate != nil)
      #expect(await Transaction.currentEntitlement(for: "level.pack") == nil)
    }
  }

  @Test func aRelaunchDeliversTheUnfinishedTransactionsThroughUpdatesFromTheFirst() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    try await store.run {
      let updates = Transaction.updates
      var iterator = updates.makeAsyncIterator()
      try await store.purchaseOnAnotherDevice(productID: "maps.hd")
      #expect(try await iterator.next()?.payloadValue.productID == "maps.hd")
      for id in ["level.pack", "coins.100"] {
        _ = try await Product.products(for: [id]).first?.purchase()  // never finished
      }
      await store.relaunchApp()
      // The first unfinished transaction comes first (the second follows it).
      #expect(try await iterator.next()?.payloadValue.productID == "level.pack")
    }
  }

  @Test func theAppTransactionNamesTheApp() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    let app = try await store.run { try await AppTransaction.shared }
    #expect(app.bundleID == "com.example.storebench")
  }

  @Test func storeKitOutsideAStoreSaysWhereToCallIt() async {
    await #expect(throws: TestStoreError.self) { _ = try await Product.products(for: ["level.pack"]) }
  }
}
