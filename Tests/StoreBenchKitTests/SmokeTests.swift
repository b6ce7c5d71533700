import Foundation
import StoreBenchKit
import Testing

/// A first pass over the engine: purchase, listener, refund, dates.
@Suite(.serialized) struct SmokeTests {
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/default.json").standardizedFileURL

  @Test func aDetachedListenerHearsARefundAndSettleWaitsForIt() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    store.install()
    defer { store.uninstall() }
    let heard = Heard()
    let listener = Task.detached {
      for await result in Transaction.updates {
        if case .verified(let transaction) = result {
          await heard.add(transaction.productID, revoked: transaction.revocationDate != nil)
          await transaction.finish()
        }
      }
    }
    defer { listener.cancel() }
    let product = try #require(try await Product.products(for: ["level.pack"]).first)
    guard case .success(.verified(let transaction)) = try await product.purchase() else {
      Issue.record("not a verified success")
      return
    }
    await transaction.finish()
    try store.refund(transactionID: transaction.id)
    await store.settle()
    #expect(await heard.revoked == ["level.pack"])
  }

  @Test func aSubscriptionDatedByTheWallClockExpiresWhenTheClockPassesItsPeriod() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    try await store.run {
      let product = try #require(try await Product.products(for: ["pro.yearly"]).first)
      guard case .success(let verification) = try await product.purchase() else { return }
      let transaction = try verification.payloadValue
      #expect(try #require(transaction.expirationDate) > Date())
      try store.setAutoRenew(false, productID: "pro.yearly")
      try store.advanceClock(by: "1y")
      let latest = try #require(await Transaction.latest(for: "pro.yearly"))
      #expect(try #require(latest.unsafePayloadValue.expirationDate) < Date())
      var entitled: [String] = []
      for await result in Transaction.currentEntitlements {
        entitled.append(result.unsafePayloadValue.productID)
      }
      #expect(entitled.isEmpty)
    }
  }
}

actor Heard {
  var revoked: [String] = []
  var all: [String] = []
  func add(_ id: String, revoked isRevoked: Bool) {
    all.append(id)
    if isRevoked { revoked.append(id) }
  }
}
