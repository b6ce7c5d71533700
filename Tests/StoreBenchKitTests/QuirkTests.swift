import Foundation
import StoreBenchKit
import Testing

/// `TestStore.Quirks`: real StoreKit's known departures from its documentation, each a switch a
/// test turns on to check that the app copes.
@Suite struct QuirkTests {
  /// An app that delivers coins wherever a transaction reaches it, as many do.
  actor Wallet {
    var coins = 0
    var delivered: Set<UInt64> = []
    func deliver(_ transaction: Transaction, once: Bool) {
      if once, !delivered.insert(transaction.id).inserted { return }
      coins += 100 * transaction.purchasedQuantity
    }
  }

  static func buyCoinsAndListen(quirk: Bool, once: Bool) async throws -> Int {
    let store = try Fixtures.store()
    var quirks = TestStore.Quirks()
    quirks.purchasesAlsoReachUpdates = quirk
    store.quirks = quirks
    #expect(store.quirks == quirks)
    return try await store.run {
      let wallet = Wallet()
      let listener = Task {
        for await case .verified(let transaction) in Transaction.updates {
          await wallet.deliver(transaction, once: once)
          await transaction.finish()
        }
      }
      defer { listener.cancel() }
      let coins = try await Fixtures.buy("coins.100")
      await wallet.deliver(coins, once: once)
      await coins.finish()
      await store.settle()
      return await wallet.coins
    }
  }

  @Test func purchasesAlsoReachUpdatesMakesANaiveAppDeliverTwice() async throws {
    #expect(try await Self.buyCoinsAndListen(quirk: false, once: false) == 100)
    #expect(try await Self.buyCoinsAndListen(quirk: true, once: false) == 200, "delivered twice")
    #expect(
      try await Self.buyCoinsAndListen(quirk: true, once: true) == 100, "an app that checks the id copes")
  }

  @Test func introOfferEligibilityIsCachedKeepsTheFirstAnswer() async throws {
    for cached in [false, true] {
      let store = try Fixtures.store()
      store.quirks.introOfferEligibilityIsCached = cached
      try await store.run {
        let pro = try #require(try await Fixtures.product("pro.monthly").subscription)
        #expect(await pro.isEligibleForIntroOffer)
        try await Fixtures.buy("pro.monthly").finish()
        #expect(await pro.isEligibleForIntroOffer == cached)
      }
    }
  }

  @Test func everyQuirkIsOffByDefault() throws {
    let store = try Fixtures.store()
    #expect(store.quirks == TestStore.Quirks())
    #expect(!store.quirks.purchasesAlsoReachUpdates)
    #expect(!store.quirks.introOfferEligibilityIsCached)
  }
}
