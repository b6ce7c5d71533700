import Foundation
import StoreBenchKit
import StoreModel
import Testing

/// The app's entitlement logic against a store of its own, one per test.
@Suite struct StoreModelTests {
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../catalog/default.json").standardizedFileURL

  private func model() async throws -> (StoreModel, TestStore) {
    let store = try TestStore(catalogFile: Self.catalog)
    return (StoreModel(service: await StoreBenchPurchaseService(store: store)), store)
  }

  @Test func buyingProUnlocksPro() async throws {
    let (model, _) = try await model()
    guard case .purchased = try await model.buy("pro.monthly") else {
      Issue.record("not purchased")
      return
    }
    #expect(await model.isPro)
  }

  @Test func proLocksInBillingRetryAndUnlocksWhenTheCustomerFixesBilling() async throws {
    let (model, store) = try await model()
    _ = try await model.buy("pro.monthly")
    await store.setBillingRetry(true)
    try await store.advanceClock(by: "8d")
    await model.refresh()
    #expect(await !model.isPro)
    try await store.fixBilling()
    await model.handleNextUpdate()
    #expect(await model.isPro)
  }

  @Test func aGracePeriodKeepsProUntilItEnds() async throws {
    let (model, store) = try await model()
    _ = try await model.buy("pro.monthly")
    await store.setGracePeriod(days: 16)
    await store.setBillingRetry(true)
    try await store.advanceClock(by: "8d")
    await model.refresh()
    #expect(await model.isPro)
    try await store.advanceClock(by: "16d")
    await model.refresh()
    #expect(await !model.isPro)
  }

  @Test func askToBuyUnlocksOnlyWhenTheParentApproves() async throws {
    let (model, store) = try await model()
    await store.setAskToBuy(true)
    #expect(try await model.buy("level.pack") == .pending)
    #expect(await !model.unlocked.contains("level.pack"))
    try await store.approveAskToBuy(productID: "level.pack")
    #expect(await model.handleNextUpdate() == "level.pack")
    #expect(await model.unlocked.contains("level.pack"))
  }

  @Test func aRefundLocksAgain() async throws {
    let (model, store) = try await model()
    guard case .purchased(let id) = try await model.buy("level.pack") else { return }
    try await store.refund(transactionID: id)
    await model.handleNextUpdate()
    #expect(await !model.unlocked.contains("level.pack"))
  }

  @Test func aYearOfRenewalsKeepsPro() async throws {
    let (model, store) = try await model()
    _ = try await model.buy("pro.monthly")
    try await store.advanceClock(by: "1y")
    await model.refresh()
    #expect(await model.isPro)
  }
}
