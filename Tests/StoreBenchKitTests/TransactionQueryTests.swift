import Foundation
import StoreBenchKit
import Testing

/// The transaction queries: `Transaction.all`, `unfinished`, `currentEntitlements`, their
/// per-product forms, `latest(for:)`, and `updates` (the endless one).
@Suite struct TransactionQueryTests {
  @Test func currentEntitlementsListWhatTheCustomerHasNow() async throws {
    let store = try Fixtures.store()
    try await store.run {
      for id in ["coins.100", "level.pack", "pro.monthly", "season.pass"] {
        try await Fixtures.buy(id).finish()
      }
      var unlocked: Set<String> = []
      for await result in Transaction.currentEntitlements {
        guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
        unlocked.insert(transaction.productID)
      }
      #expect(unlocked == ["level.pack", "pro.monthly", "season.pass"], "a consumable entitles to nothing")
      #expect(
        await Fixtures.collect(Transaction.currentEntitlements(for: "pro.monthly")).map(\.productID) == [
          "pro.monthly"
        ])
      #expect(await Fixtures.collect(Transaction.currentEntitlements(for: "coins.100")).isEmpty)
    }
  }

  @Test func allListsEveryTransactionButFinishedConsumables() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let coins = try await Fixtures.buy("coins.100")
      let pack = try await Fixtures.buy("level.pack")
      #expect(Set(await Fixtures.collect(Transaction.all).map(\.id)) == [coins.id, pack.id])
      await coins.finish()
      await pack.finish()
      #expect(await Fixtures.collect(Transaction.all).map(\.id) == [pack.id])
      try store.refund(transactionID: pack.id)
      let refunded = await Fixtures.collect(Transaction.all(for: "level.pack"))
      #expect(refunded.map(\.id) == [pack.id])
      #expect(refunded.first?.revocationDate != nil, "refunded transactions stay in all")
      #expect(await Fixtures.collect(Transaction.all(for: "maps.hd")).isEmpty)
    }
  }

  @Test func unfinishedListsWhatTheAppHasNotFinished() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let coins = try await Fixtures.buy("coins.100")
      let pack = try await Fixtures.buy("level.pack")
      #expect(Set(await Fixtures.collect(Transaction.unfinished).map(\.id)) == [coins.id, pack.id])
      await coins.finish()
      #expect(await Fixtures.collect(Transaction.unfinished).map(\.id) == [pack.id])
      await coins.finish()  // finishing twice does nothing
      await pack.finish()
      #expect(await Fixtures.collect(Transaction.unfinished).isEmpty)
    }
  }

  @Test func aQueryIsAnsweredWhenIterationStartsAndEnds() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let query = Transaction.currentEntitlements
      let pack = try await Fixtures.buy("level.pack")
      var iterator: Transaction.Transactions.AsyncIterator = query.makeAsyncIterator()
      #expect(await iterator.next()?.unsafePayloadValue.id == pack.id)
      #expect(await iterator.next() == nil)
      #expect(await iterator.next() == nil)
    }
  }

  @Test func latestIsTheNewestTransactionOfAProduct() async throws {
    let store = try Fixtures.store()
    try await store.run {
      #expect(await Transaction.latest(for: "pro.monthly") == nil)
      let first = try await Fixtures.buy("pro.monthly")
      await first.finish()
      try store.renew(productID: "pro.monthly")
      guard case .verified(let latest) = await Transaction.latest(for: "pro.monthly") else {
        Issue.record("no verified latest transaction")
        return
      }
      #expect(latest.originalID == first.id)
      #expect(latest.id != first.id)
      #expect(await Fixtures.collect(Transaction.all(for: "pro.monthly")).count == 2)
    }
  }

  @Test func updatesHearWhatHappensOutsideThePurchaseCall() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let heard = Log<String>()
      let listener = Task {
        for await result in StoreBenchKit.Transaction.updates {
          guard case .verified(let transaction) = result else { continue }
          await heard.add("\(transaction.productID) \(transaction.reason.rawValue)")
          await transaction.finish()
        }
      }
      defer { listener.cancel() }
      let statuses = Task { for await _ in Product.SubscriptionInfo.Status.updates {} }
      defer { statuses.cancel() }
      let own = try await Fixtures.buy("pro.monthly")
      await own.finish()
      await store.settle()
      #expect(await heard.items.isEmpty, "the app's own purchase comes back through its result only")
      let other = try store.purchaseOnAnotherDevice(productID: "level.pack")
      #expect(other.productID == "level.pack")
      try store.renew(productID: "pro.monthly")
      await store.settle()
      #expect(await heard.items == ["level.pack PURCHASE", "pro.monthly RENEWAL"])
    }
  }

  @Test func updatesGiveEveryUnfinishedTransactionOnceWhenTheListenerStarts() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let unfinished = try await Fixtures.buy("level.pack")
      store.relaunchApp()
      do {
        // A listener that takes one update and stops listening, as its iterator goes.
        var iterator = Transaction.updates.makeAsyncIterator()
        #expect(await iterator.next()?.unsafePayloadValue.id == unfinished.id)
      }
      let app = await Listeners.start()
      defer { app.stop() }
      store.relaunchApp()
      await store.settle()
      #expect(await app.heard == ["level.pack purchase"], "heard again after the next launch, then finished")
      store.relaunchApp()
      await store.settle()
      #expect(await app.heard == ["level.pack purchase"], "finished: not heard again")
    }
  }

  @available(*, deprecated, message: "uses Transaction.currentEntitlement(for:), deprecated in iOS 18.4")
  @Test func theDeprecatedCurrentEntitlementIsTheEntitlementOfOneProduct() async throws {
    let store = try Fixtures.store()
    try await store.run {
      #expect(await Transaction.currentEntitlement(for: "level.pack") == nil)
      let pack = try await Fixtures.buy("level.pack")
      guard case .verified(let entitled) = await Transaction.currentEntitlement(for: "level.pack") else {
        Issue.record("no entitlement")
        return
      }
      #expect(entitled.id == pack.id)
      try store.refund(transactionID: pack.id)
      #expect(await Transaction.currentEntitlement(for: "level.pack") == nil)
    }
  }
}
