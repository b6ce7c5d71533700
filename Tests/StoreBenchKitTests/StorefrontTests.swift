import Foundation
import StoreBenchKit
import Testing

/// `Storefront`: the current storefront and `Storefront.updates`.
@Suite struct StorefrontTests {
  @Test func theCurrentStorefrontIsTheCatalogs() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let storefront = try #require(await Storefront.current)
      #expect(storefront.countryCode == "USA")
      #expect(storefront.id == "143441")
      let id: Storefront.ID = storefront.id
      #expect(id == "143441")
      #expect(storefront.currency == Locale.Currency("USD"))
    }
  }

  @Test func aChangeOfStorefrontReachesUpdatesAndPrices() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try store.setStorefront("FRA")
      await store.settle()
      #expect(await app.storefronts.items == ["FRA"])
      let current = try #require(await Storefront.current)
      #expect(current.countryCode == "FRA")
      #expect(current.currency == Locale.Currency("EUR"))
      #expect(try await Fixtures.product("level.pack").priceFormatStyle.currencyCode == "EUR")
      #expect(throws: TestStoreError.self) { try store.setStorefront("XYZ") }
      try store.setStorefront("FRA")
      try store.setStorefront("JPN")
      await store.settle()
      #expect(await app.storefronts.items == ["FRA", "JPN"], "no change, no update")
      let bought = try await Fixtures.buy("level.pack")
      #expect(bought.storefront.countryCode == "JPN")
      #expect(bought.currency == Locale.Currency("JPY"))
    }
  }

  @Test func aStorefrontSequenceIsIteratedByHand() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let updates: Storefront.Storefronts = Storefront.updates
      // Listening starts with the iterator.
      var iterator: Storefront.Storefronts.AsyncIterator = updates.makeAsyncIterator()
      try store.setStorefront("JPN")
      #expect(await iterator.next()?.countryCode == "JPN")
    }
  }
}
