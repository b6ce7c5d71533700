import Catalog
import Foundation
import Queue
import Store
import Testing

@testable import Simulation

/// StoreKit Testing's purchase option `.purchaseDate(_:renewalBehavior:)`: a purchase dated in the
/// past, its renewals made as the subscription engine makes them, the clock left where it is.
@Suite struct BackdatedPurchaseTests {
  /// A world whose catalog has a monthly subscription without an introductory offer.
  private static func monthlyWorld() throws -> World {
    let catalog = try CatalogLoader.parse(
      Array(
        """
        {"bundleId": "com.example.news", "appVersion": "1.0", "storefront": "USA", "products": [
          {"id": "news.monthly", "type": "auto-renewable", "price": "4.99",
           "localizations": {"en_US": {"title": "News", "description": "Every article."}},
           "subscription": {"group": "News", "level": 1, "period": "P1M"}}
        ]}
        """.utf8))
    return World(catalog: catalog, log: EventLog(), authorityDirectory: testAuthorityDirectory)
  }

  private static func date(_ text: String) throws -> Date {
    try #require(Timestamp.parsePrecise(text))
  }

  @discardableResult
  private func buy(
    _ productId: String, at date: Date, _ renewal: BackdatedRenewal = .renewUntilNow, in world: World
  ) throws -> PurchaseRecord {
    try world.step(changing: true) {
      try world.purchase(productId: productId, backdatedTo: date, renewal: renewal, on: world.device)
    }
  }

  @Test func aMonthlySubscriptionRenewsUntilNowAMonthApart() throws {
    let world = try Self.monthlyWorld()
    world.device.queue.removeObserver(named: "app")
    let now = world.store.clock.now
    let start = try Self.date("2025-09-27T10:00:00Z")  // three months and five days ago

    let purchase = try buy("news.monthly", at: start, in: world)

    let account = try #require(world.device.queue.account)
    let months = try ["2025-09-27", "2025-10-27", "2025-11-27", "2025-12-27"].map {
      try Self.date($0 + "T10:00:00Z")
    }
    #expect(account.history.map(\.purchaseDate) == months)
    #expect(account.history.map(\.reason) == [.purchase, .renewal, .renewal, .renewal])
    #expect(account.history.allSatisfy { $0.originalTransactionNumber == purchase.transactionNumber })
    #expect(account.history.allSatisfy { $0.originalPurchaseDate == start })
    #expect(account.history.allSatisfy { $0.charged.amount == Decimal(string: "4.99") })
    #expect(purchase.purchaseDate == start)
    let state = try #require(account.subscription(inGroup: "News"))
    #expect(state.status(at: now) == .active)
    #expect(state.expiresDate == (try Self.date("2026-01-27T10:00:00Z")))
    #expect(account.history[state.latestIndex] == account.history.last)
    #expect(world.store.clock.now == now, "the clock does not move")
    #expect(
      world.device.queue.transactions.map(\.transactionIdentifier) == account.history.map(\.transactionId),
      "the purchase and each renewal reach the queue")
  }

  @Test func cancelImmediatelyGivesOnePeriodThenExpires() throws {
    let world = try Self.monthlyWorld()
    let now = world.store.clock.now

    let purchase = try buy("news.monthly", at: try Self.date("2025-09-27"), .cancelImmediately, in: world)

    let account = try #require(world.device.queue.account)
    #expect(account.history == [purchase])
    let state = try #require(account.subscription(inGroup: "News"))
    #expect(!state.isAutoRenewOn)
    #expect(state.status(at: now) == .expired)
    #expect(state.expirationIntent == .customerCancelled)
    #expect(state.expiresDate == (try Self.date("2025-10-27")))
    #expect(world.store.scheduledEventCount == 0)
    #expect(!world.device.storage.unlocked.contains("news.monthly"), "the app's entitlement check locked it")
  }

  @Test func cancelImmediatelyStillCurrentRunsToItsPeriodEnd() throws {
    let world = try Self.monthlyWorld()
    _ = try buy("news.monthly", at: try Self.date("2025-12-20"), .cancelImmediately, in: world)
    let account = try #require(world.device.queue.account)
    let state = try #require(account.subscription(inGroup: "News"))
    #expect(state.status(at: world.store.clock.now) == .active)
    #expect(!state.isAutoRenewOn)
    try world.advanceClock(by: try TimeSpan(parsing: "1mo"))
    #expect(state.status(at: world.store.clock.now) == .expired)
    #expect(account.history.count == 1)
  }

  @Test func aNonConsumableGetsThePastDateAndTodaysPrice() throws {
    let world = try World.onDefaultCatalog()
    let date = try Self.date("2025-06-01T08:30:00Z")

    let purchase = try buy("level.pack", at: date, in: world)

    #expect(purchase.purchaseDate == date)
    #expect(purchase.originalPurchaseDate == date)
    #expect(purchase.charged.amount == Decimal(string: "2.99"))
    #expect(purchase.expiresDate == nil)
    #expect(world.device.queue.account?.history == [purchase])
    #expect(world.device.storage.unlocked.contains("level.pack"), "the app's observer delivered it")
    #expect(world.store.clock.now == VirtualClock.defaultStart)
    #expect(world.registry.last?.transactionIdentifier == purchase.transactionId)
    #expect(world.registry.last?.isFinished == true)
  }

  @Test func aStoreKit2AppHearsItThroughUpdates() throws {
    let world = try World.onDefaultCatalog()
    world.device.useAPI(.storeKit2)
    world.device.storeKit2.startListening()

    let purchase = try buy("level.pack", at: try Self.date("2025-06-01"), in: world)

    let update = try #require(world.device.storeKit2.updates.last)
    #expect(update.transactionId == purchase.transactionId)
    #expect(update.origin == .transaction)
  }

  @Test func aDateInTheFutureOrBefore1970IsRefused() throws {
    let world = try World.onDefaultCatalog()
    #expect(
      throws: SimulationError(
        .invalidValue,
        "a backdated purchase needs a date in the past: 2026-01-02T00:00:00Z is after now, 2026-01-01T00:00:00Z"
      )
    ) {
      try buy("level.pack", at: try Self.date("2026-01-02"), in: world)
    }
    #expect(
      throws: SimulationError(
        .invalidValue, "a purchase date cannot be before 1970-01-01T00:00:00Z, not 1969-12-31T00:00:00Z")
    ) {
      try buy("level.pack", at: Date(timeIntervalSince1970: -86_400), in: world)
    }
    #expect(world.device.queue.account?.history.isEmpty == true)
    #expect(world.registry.made == 0)
  }

  @Test func aLiveSubscriptionOfTheGroupIsRefused() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("pro.yearly")
    #expect(throws: SimulationError.self) {
      try buy("pro.monthly", at: try Self.date("2025-06-01"), in: world)
    }
    #expect(world.device.queue.account?.history.count == 1)
  }
}
