import Foundation
import StoreBenchKit
import Testing

/// `TestStore.settle()`: after the App Store acts, it returns once the app's listeners have heard
/// it, every time.
@Suite struct SettleTests {
  @Test func afterARefundAnApprovalAndARenewalTheListenersHaveHeardEachEveryTime() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try await Fixtures.buy("pro.monthly").finish()
      store.setAskToBuy(true)
      let coins = try await Fixtures.product("coins.100")
      var misses: [String] = []
      for round in 1...100 {
        store.setAskToBuy(false)
        let bought = try await Fixtures.buy("level.pack")
        await bought.finish()
        try store.refund(transactionID: bought.id)
        await store.settle()
        let afterRefund = await app.transactions.count
        if afterRefund != 3 * round - 2 { misses.append("round \(round), refund: \(afterRefund)") }

        store.setAskToBuy(true)
        #expect(try await PurchaseTests.outcome(of: coins) == "pending")
        try store.approveAskToBuy(productID: "coins.100")
        await store.settle()
        let afterApproval = await app.transactions.count
        if afterApproval != 3 * round - 1 { misses.append("round \(round), approval: \(afterApproval)") }

        try store.renew(productID: "pro.monthly")
        await store.settle()
        let afterRenewal = (await app.transactions.count, await app.statuses.count)
        if afterRenewal != (3 * round, round + 1) {
          misses.append("round \(round), renewal: \(afterRenewal)")
        }
      }
      #expect(misses.isEmpty, "\(misses.prefix(5))")
      let heard = await app.heard
      #expect(heard.suffix(3) == ["level.pack revoked", "coins.100 purchase", "pro.monthly renewal"])
    }
  }

  @Test func aRefundOfAConsumableReachesUpdates() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      let unfinished = try await Fixtures.buy("coins.100")
      try store.refund(transactionID: unfinished.id)
      let finished = try await Fixtures.buy("coins.100")
      await finished.finish()
      try store.refund(transactionID: finished.id)
      await store.settle()
      let heard = await app.heard
      #expect(heard == ["coins.100 revoked", "coins.100 revoked"])
    }
  }

  @Test func settleReturnsAtOnceWhenNothingHappened() async throws {
    let store = try Fixtures.store()
    await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      let clock = ContinuousClock()
      let took = await clock.measure { await store.settle() }
      #expect(took < .seconds(2), "sooner than the two seconds settle gives a listener to start")
    }
  }

  @Test func anUpdateWaitsForTheFirstListenerAndSettleWaitsWithIt() async throws {
    let store = try Fixtures.store()
    try await store.run {
      _ = try store.purchaseOnAnotherDevice(productID: "level.pack")
      let app = await Listeners.start()
      defer { app.stop() }
      await store.settle()
      let heard = await app.heard
      #expect(heard == ["level.pack purchase"], "held until the listener started")
    }
  }

  @Test func anAppThatListensOnlyToTransactionUpdatesSettlesWithoutWaitingForOtherListeners() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let heard = Log<String>()
      // The sample code's only listener: no Status.updates, Storefront.updates or intents.
      let listener = Task {
        for await case .verified(let transaction) in Transaction.updates {
          await heard.add(transaction.productID)
          await transaction.finish()
        }
      }
      defer { listener.cancel() }
      try await Fixtures.buy("pro.monthly").finish()
      try store.renew(productID: "pro.monthly")
      await store.settle()
      #expect(await heard.items == ["pro.monthly"])
      // The renewal's status change was not kept for a Status.updates listener that never started
      // (settle would wait for one): a listener starting now hears only what changes from now on.
      var statuses = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
      try store.setAutoRenew(false, productID: "pro.monthly")
      let next = try #require(await statuses.next())
      #expect(try next.renewalInfo.payloadValue.willAutoRenew == false)
    }
  }
}
