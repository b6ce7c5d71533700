import Foundation
import StoreBenchKit
import Testing

/// Time: the wall clock (the default: dates compare with `Date()`), a fixed start (dates are the
/// world's, the same every run), `advanceClock(by:)` and accelerated time rates.
@Suite struct TimeTests {
  /// The page's wall-clock example (docs/storebenchkit.md, "Time").
  @Test func withTheWallClockASubscriptionExpiresWhenTheClockPassesItsPeriod() async throws {
    let store = try TestStore(catalogFile: Fixtures.catalog)  // time: .wallClock
    try await store.run {
      let product = try #require(try await Product.products(for: ["pro.monthly"]).first)
      guard case .success(.verified(let transaction)) = try await product.purchase() else {
        Issue.record("not a verified purchase")
        return
      }
      let expiration = try #require(transaction.expirationDate)
      #expect(expiration > Date())  // the week's free trial runs
      try store.setAutoRenew(false, productID: "pro.monthly")
      try store.advanceClock(by: "8d")
      let latest = try #require(await Transaction.latest(for: "pro.monthly")?.unsafePayloadValue)
      #expect(try #require(latest.expirationDate) < Date())  // the app's `Date()` is past it
      #expect(abs(store.now.timeIntervalSinceNow) < 60, "the app's now is the wall clock's")
    }
  }

  /// The page's fixed-time example (docs/storebenchkit.md, "Time").
  @Test func withAFixedStartEveryDateIsTheWorldsExactly() async throws {
    let start = Date(timeIntervalSince1970: 1_736_942_400)  // 2025-01-15 12:00 UTC
    let store = try TestStore(catalogFile: Fixtures.catalog, time: .fixed(start))
    try await store.run {
      let transaction = try await Fixtures.buy("pro.monthly")
      #expect(transaction.purchaseDate == start)
      #expect(transaction.expirationDate == start.addingTimeInterval(7 * 86_400))  // the free week
      await transaction.finish()
      #expect(store.now == start)
      try store.advanceClock(by: "1mo")
      #expect(store.now == Date(timeIntervalSince1970: 1_739_620_800))  // 2025-02-15 12:00 UTC
      let renewal = try #require(await Transaction.latest(for: "pro.monthly")?.unsafePayloadValue)
      #expect(renewal.purchaseDate == start.addingTimeInterval(7 * 86_400))
      #expect(renewal.expirationDate == Date(timeIntervalSince1970: 1_740_225_600))  // 2025-02-22 12:00 UTC
    }
  }

  @Test func twoWorldsWithTheSameFixedStartGiveTheSameDates() async throws {
    func run() async throws -> [Date?] {
      let store = try Fixtures.store(.fixed(Fixtures.start))
      return try await store.run {
        try await Fixtures.buy("pro.monthly").finish()
        try store.advanceClock(by: "3mo")
        try store.advanceClock(by: "45s")
        return await Fixtures.collect(Transaction.all(for: "pro.monthly")).flatMap {
          [$0.purchaseDate, $0.expirationDate]
        }
      }
    }
    let first = try await run()
    #expect(first.count == 8, "the trial and three renewals")
    #expect(try await run() == first)
  }

  @Test func anAcceleratedRateMakesEveryPeriodTwoSecondsOfTheWorldsTime() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      try store.setTimeRate("every-2s")
      let yearly = try await Fixtures.buy("pro.yearly")
      await yearly.finish()
      #expect(yearly.expirationDate == Fixtures.start.addingTimeInterval(2))
      try store.advanceClock(by: "10s")
      let all = await Fixtures.collect(Transaction.all(for: "pro.yearly"))
      #expect(all.count == 6, "the purchase and five renewals")
      #expect(all.last?.expirationDate == Fixtures.start.addingTimeInterval(12))
      #expect(throws: TestStoreError.self) { try store.setTimeRate("every-3s") }
    }
  }

  @Test func withTheWallClockAnAcceleratedRenewalArrivesByItself() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try store.setTimeRate("every-2s")
      try await Fixtures.buy("pro.yearly").finish()
      let clock = ContinuousClock()
      // Real time must pass here (two seconds); the bound only keeps a broken wake-up from hanging
      // the run, generous for a loaded machine.
      let deadline = clock.now + .seconds(60)
      while await app.heard.isEmpty, clock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
      #expect(await app.heard.first == "pro.yearly renewal", "renewed in real time, two seconds later")
      try store.setAutoRenew(false, productID: "pro.yearly")
    }
  }

  @Test func aSpanThatDoesNotReadIsRefused() throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    do {
      try store.advanceClock(by: "soon")
      Issue.record("advanced by soon")
    } catch {
      #expect(error.description.contains("soon"))
    }
    #expect(store.now == Fixtures.start)
    try store.advanceClock(by: "90s")
    #expect(store.now == Fixtures.start.addingTimeInterval(90))
    #expect(TestStore.Time.fixed(Fixtures.start) != .wallClock)
  }
}
