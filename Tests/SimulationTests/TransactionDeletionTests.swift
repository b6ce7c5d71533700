import Foundation
import Queue
import Store
import Testing

@testable import Simulation

/// StoreKit Testing's `deleteTransaction` and `clearTransactions`: what is deleted is gone from the
/// history, from receipts written afterwards and from the queues, and identifiers are never given
/// again.
@Suite struct TransactionDeletionTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private var account: Account { world.device.queue.account! }

  private func delete(_ number: UInt64) throws {
    _ = try world.step(changing: true) { try world.deleteTransaction(number: number, account: account) }
  }

  private func number(of transaction: PaymentTransaction) throws -> UInt64 {
    try #require(transaction.record?.transactionNumber)
  }

  /// The transaction ids of a receipt Apple writes the device now.
  private func freshReceiptIds() throws -> [String] {
    world.refreshReceipt(of: world.device)
    return try world.receipt(of: world.device).inAppPurchases.map(\.transactionId)
  }

  private func advance(_ span: String) throws {
    try world.advanceClock(by: try TimeSpan(parsing: span))
  }

  @Test func anUnfinishedConsumableLeavesTheHistoryTheQueueAndTheReceipt() throws {
    world.device.queue.removeObserver(named: "app")
    let coins = try world.buy("coins.100")
    let pack = try world.buy("level.pack")
    #expect(try world.receipt(of: world.device).inAppPurchases.count == 2)

    try delete(try number(of: coins))

    #expect(account.history.map(\.productId) == ["level.pack"])
    #expect(account.index(ofTransaction: try number(of: coins)) == nil)
    #expect(world.device.queue.transactions.map(\.handle) == [pack.handle])
    #expect(coins.isFinished)
    #expect(
      try world.receipt(of: world.device).inAppPurchases.map(\.productId) == ["level.pack"],
      "the device's receipt is written anew")
    #expect(try freshReceiptIds() == [try #require(pack.transactionIdentifier)])
    #expect(world.store.account(holdingTransaction: try number(of: coins)) == nil)
  }

  @Test func aNonConsumableGoesWithItsRedownloadsAndRestoredCopies() throws {
    let original = try world.buy("level.pack")
    _ = try world.buy("level.pack")  // a free re-download
    try world.addDevice(named: "iPad")
    try world.useDevice(named: "iPad")
    world.device.queue.removeObserver(named: "app")
    world.device.queue.restoreCompletedTransactions()
    world.settle()
    let restored = try #require(world.device.queue.transactions.first)
    #expect(restored.state == .restored)
    #expect(account.history.count == 2)

    try delete(try number(of: original))

    #expect(account.history.isEmpty)
    #expect(world.device.queue.transactions.isEmpty, "the restored copy is dropped")
    #expect(restored.isFinished)
    #expect(account.ownedPurchase(of: "level.pack") == nil)
    #expect(try freshReceiptIds().isEmpty)
    let again = try world.buy("level.pack")
    #expect(again.record?.reason == .purchase, "no longer owned: a new charge, not a re-download")
    #expect(try number(of: again) > (try number(of: original)) + 2)
  }

  @Test func theOriginalPurchaseOfASubscriptionTakesTheWholeSubscription() throws {
    let original = try world.buy("pro.monthly")  // a week's free trial, then monthly
    try advance("2mo")
    #expect(account.history.count == 3)
    #expect(account.subscription(inGroup: "Pro") != nil)

    try delete(try number(of: original))

    #expect(account.history.isEmpty)
    #expect(account.subscription(inGroup: "Pro") == nil)
    #expect(world.store.scheduledEventCount == 0, "nothing renews any more")
    try advance("3mo")
    #expect(account.history.isEmpty)
    #expect(try freshReceiptIds().isEmpty)
    let again = try world.buy("pro.monthly")
    #expect(again.record?.isTrialPeriod == true, "the group's introductory offer can be had again")
    #expect(again.record?.originalTransactionNumber == (try number(of: again)))
  }

  @Test func aRenewalAloneLeavesTheRestOfTheSubscription() throws {
    let original = try world.buy("pro.monthly")
    try advance("2mo")  // renewals on January 8 and February 8
    let renewals = account.history.filter { $0.reason == .renewal }
    #expect(renewals.count == 2)
    let state = try #require(account.subscription(inGroup: "Pro"))
    let expiry = state.expiresDate

    try delete(renewals[0].transactionNumber)

    #expect(
      account.history.map(\.transactionNumber) == [try number(of: original), renewals[1].transactionNumber])
    #expect(account.subscription(inGroup: "Pro") === state)
    #expect(account.history[state.latestIndex] == renewals[1])
    #expect(state.expiresDate == expiry)
    #expect(!(try freshReceiptIds()).contains(renewals[0].transactionId))
    try advance("1mo")
    let latest = try #require(account.history.last)
    #expect(latest.reason == .renewal)
    #expect(latest.purchaseDate == expiry)
    #expect(latest.originalTransactionNumber == (try number(of: original)))
  }

  @Test func theCurrentPeriodOfARenewingSubscriptionRenewsAgainFromThePeriodBefore() throws {
    _ = try world.buy("pro.monthly")
    try advance("2mo")
    let current = try #require(account.history.last)

    try delete(current.transactionNumber)

    let renewed = try #require(account.history.last)
    #expect(account.history.count == 3)
    #expect(renewed.transactionNumber > current.transactionNumber, "a new identifier, never the deleted one")
    #expect(renewed.purchaseDate == current.purchaseDate)
    #expect(account.subscription(inGroup: "Pro")?.expiresDate == current.expiresDate)
    #expect(world.store.clock.now == VirtualClock.defaultStart.addingTimeInterval(59 * 86_400))
  }

  @Test func whatAFamilyMemberWasGivenGoesWithThePurchase() throws {
    let kid = try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: account)
    let pack = try world.buy("level.pack")
    #expect(kid.history.map(\.sharedFromTransactionNumber) == [try number(of: pack)])

    try delete(try number(of: pack))

    #expect(kid.history.isEmpty)
    #expect(kid.ownedPurchase(of: "level.pack") == nil)
  }

  @Test func anUnknownTransactionIsNamed() throws {
    _ = try world.buy("coins.100")
    #expect(throws: SimulationError(.unknownTransaction, "account default has no transaction 123")) {
      try delete(123)
    }
    #expect(account.history.count == 1)
  }

  @Test func clearingEmptiesTheAccountAndNewPurchasesGetNewIdentifiers() throws {
    world.device.queue.removeObserver(named: "app")
    _ = try world.buy("coins.100")
    _ = try world.buy("level.pack")
    _ = try world.buy("pro.monthly")
    _ = try world.step(changing: true) {
      try world.store.requestRefund(
        transactionNumber: account.history[1].transactionNumber, reason: .other, account: account)
    }
    world.device.storage.add(1, to: "coins.100")
    try advance("1mo")
    let highest = try #require(account.history.map(\.transactionNumber).max())
    let clock = world.store.clock.now

    _ = world.step(changing: true) { world.clearTransactions(account: account) }

    #expect(account.history.isEmpty)
    #expect(account.subscriptions.isEmpty)
    #expect(account.modifications.isEmpty)
    #expect(world.store.scheduledEventCount == 0)
    #expect(world.store.refundRequests.isEmpty)
    #expect(world.device.queue.transactions.isEmpty)
    #expect(world.device.storage.isEmpty)
    #expect(try freshReceiptIds().isEmpty)
    #expect(world.store.clock.now == clock)
    let again = try world.buy("pro.monthly")
    #expect(try number(of: again) > highest)
    #expect(again.record?.isTrialPeriod == true)
    try advance("2mo")
    #expect(account.history.allSatisfy { $0.transactionNumber > highest })
  }
}
