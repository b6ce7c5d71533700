import Foundation
import Queue
import Store
import Testing

@testable import Simulation

/// `Transaction.currentEntitlements` by Apple's rules, one rule a test.
@Suite struct CurrentEntitlementsTests {
  private func entitled(_ world: World) throws -> [String] {
    CurrentEntitlements.of(try #require(world.device.queue.account), at: world.store.clock.now).map(
      \.productId)
  }

  @Test func aNonConsumableIsEntitledOnce() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    _ = try world.buy("level.pack")  // a re-download
    #expect(try entitled(world) == ["level.pack"])
  }

  @Test func consumablesAreNeverEntitlements() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("coins.100")
    #expect(try entitled(world).isEmpty)
  }

  @Test func aRefundedNonConsumableIsNotEntitled() throws {
    let world = try World.onDefaultCatalog()
    let transaction = try world.buy("level.pack")
    try world.store.refund(
      transactionNumber: try #require(transaction.record?.transactionNumber), reason: .other,
      account: try #require(world.device.queue.account))
    #expect(try entitled(world).isEmpty)
  }

  @Test func theLatestTransactionOfASubscribedSubscriptionIsEntitled() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: try TimeSpan(parsing: "10d"))
    let account = try #require(world.device.queue.account)
    let entitlement = try #require(
      CurrentEntitlements.of(account, at: world.store.clock.now, productId: "pro.monthly"))
    #expect(entitlement.reason == .renewal)
  }

  @Test func aSubscriptionInItsGracePeriodIsEntitledAndInBillingRetryIsNot() throws {
    let world = try World.onDefaultCatalog()
    world.store.gracePeriodDays = 16
    world.store.isBillingRetryOn = true
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: try TimeSpan(parsing: "8d"))
    #expect(try entitled(world) == ["pro.monthly"])
    try world.advanceClock(by: try TimeSpan(parsing: "16d"))
    #expect(try entitled(world).isEmpty)
  }

  @Test func anExpiredSubscriptionIsNotEntitled() throws {
    let world = try World.onDefaultCatalog()
    let transaction = try world.buy("pro.monthly")
    try world.store.setAutoRenew(
      false, productId: "pro.monthly", account: try #require(world.device.queue.account))
    try world.advanceClock(by: try TimeSpan(parsing: "2mo"))
    #expect(try entitled(world).isEmpty)
    #expect(transaction.record != nil)
  }

  @Test func aNonRenewingSubscriptionStaysEntitledWhateverItsAge() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("season.pass")
    try world.advanceClock(by: try TimeSpan(parsing: "2y"))
    #expect(try entitled(world) == ["season.pass"])
  }

  @Test func allTransactionsLeavesOutFinishedConsumablesAndKeepsRefundedOnes() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("coins.100")
    let pack = try world.buy("level.pack")
    try world.store.refund(
      transactionNumber: try #require(pack.record?.transactionNumber), reason: .other,
      account: try #require(world.device.queue.account))
    let all = CurrentEntitlements.allTransactions(of: try #require(world.device.queue.account))
    #expect(all.map(\.productId) == ["level.pack"])
    #expect(all.first?.isCancelled == true)
  }

  @Test(arguments: [
    (SubscriptionStatus.active, RenewalState.subscribed), (.inTrial, .subscribed), (.inIntro, .subscribed),
    (.inGrace, .inGracePeriod), (.inBillingRetry, .inBillingRetryPeriod), (.expired, .expired),
    (.revoked, .revoked),
  ])
  func everyStatusHasItsStoreKit2State(status: SubscriptionStatus, state: RenewalState) {
    #expect(RenewalState(status) == state)
    #expect(state.isEntitled == status.isEntitled)
  }
}
