import Catalog
import Foundation
import Queue
import Store
import Testing

@testable import Simulation

@Suite struct WorldTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private func buy(_ productId: String) throws -> PaymentTransaction {
    try world.buy(productId)
  }

  /// maps.hd's content is 50 MiB (52.4 MB): at 1 MiB/s it downloads in 50 s.
  private func downloadInFiftySeconds() {
    world.device.queue.downloads.bandwidth = 1_048_576
  }

  @Test func aDownloadProgressesWithTheClockAndFinishesTheTransactionWhenDone() throws {
    downloadInFiftySeconds()
    let transaction = try buy("maps.hd")
    let download = try #require(transaction.downloads.first)
    #expect(download.state == .active)
    #expect(!transaction.isFinished)
    try world.advanceClock(by: TimeSpan(seconds: 25))
    #expect(download.progress == 0.5)
    try world.advanceClock(by: TimeSpan(seconds: 25))
    #expect(download.state == .finished)
    #expect(transaction.isFinished)
    #expect(world.device.storage.unlocked.contains("maps.hd"))
  }

  @Test func pausingStopsProgressAndTwoDownloadsShareTheBandwidth() throws {
    world.device.queue.removeObserver(named: "app")
    downloadInFiftySeconds()
    let first = try buy("maps.hd")
    try world.device.queue.start(first.downloads)
    try world.advanceClock(by: TimeSpan(seconds: 10))
    try world.device.queue.pause(first.downloads)
    try world.advanceClock(by: TimeSpan(seconds: 3600))
    #expect(first.downloads[0].progress == 0.2)
    let second = try buy("maps.hd")
    try world.device.queue.resume(first.downloads)
    try world.device.queue.start(second.downloads)
    try world.advanceClock(by: TimeSpan(seconds: 20))
    #expect(first.downloads[0].progress == 0.4)
    #expect(second.downloads[0].progress == 0.2)
  }

  @Test func aPurchaseOnOneDeviceReachesAnotherOnlyThroughRestore() throws {
    try world.addDevice(named: "iPad")
    try world.useDevice(named: "iPad")
    _ = try buy("level.pack")
    try world.useDevice(named: "iPhone")
    #expect(!world.device.storage.unlocked.contains("level.pack"))
    world.device.queue.restoreCompletedTransactions()
    world.settle()
    #expect(world.device.storage.unlocked.contains("level.pack"))
    #expect(throws: SimulationError.self) { try world.addDevice(named: "iPad") }
  }

  @Test func familyMembersGetSharedPurchasesAndLoseThemOnRefund() throws {
    let organizer = world.device.queue.account!
    let member = try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: organizer)
    let bought = try buy("level.pack")
    _ = try buy("coins.100")
    let shared = member.history.filter(\.isFamilyShared)
    #expect(shared.map(\.productId) == ["level.pack"])
    #expect(shared[0].charged.amount == 0)
    #expect(shared[0].transactionNumber != bought.record?.transactionNumber)
    try world.store.refund(
      transactionNumber: try #require(bought.record?.transactionNumber), reason: .other, account: organizer)
    #expect(member.history.filter(\.isFamilyShared).allSatisfy { $0.isCancelled })
  }

  @Test func leavingTheFamilyRevokesWhatWasShared() throws {
    let organizer = world.device.queue.account!
    _ = try buy("level.pack")
    let member = try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: organizer)
    #expect(member.history.count == 1)
    try world.store.removeFromFamily("kid")
    #expect(member.history[0].isCancelled)
    #expect(world.store.familyMembers.isEmpty)
  }

  @Test func reinstallingEmptiesStorageButKeepsUnfinishedTransactions() throws {
    world.device.queue.removeObserver(named: "app")
    _ = try buy("coins.100")
    world.device.reinstall()
    world.settle()
    #expect(world.device.storage.balances["coins.100"] == 1)
    world.device.reinstall()
    #expect(world.device.storage.isEmpty)
  }
}

/// Asks long work to stop after it has been asked a number of times.
private final class StopAfter: WorkMonitor {
  var questionsLeft: Int
  var progressReports: [Double] = []
  var finishedCount = 0

  init(questions: Int) { questionsLeft = questions }

  var isStopRequested: Bool {
    questionsLeft -= 1
    return questionsLeft < 0
  }

  func progress(_ fraction: Double, _ description: String, events: Int) { progressReports.append(fraction) }
  func finished() { finishedCount += 1 }
}

@Suite struct LongWorkTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
    world.store.timeRate = .everyTwoSeconds
  }

  @Test func anInterruptedAdvanceLeavesTheWorldConsistentAtTheLastEvent() throws {
    _ = try world.buy("pro.monthly")
    let monitor = StopAfter(questions: 2)
    world.monitor = monitor
    let start = world.store.clock.now
    guard case .interrupted(let at, let events) = try world.advanceClock(by: TimeSpan(seconds: 86_400)) else {
      Issue.record("the advance was not interrupted")
      return
    }
    #expect(monitor.finishedCount == 1)
    #expect(monitor.progressReports.count == 2)
    #expect(events == 3 * 1024 - 1)
    #expect(at == world.store.clock.now)
    let account = world.device.queue.account!
    // Every renewal up to the clock happened, each app heard it and finished it, and none after it.
    #expect(account.history.count == events + 1)
    #expect(account.history.last?.purchaseDate == at)
    #expect(at == start.addingTimeInterval(Double(events) * 2))
    #expect(world.device.queue.transactions.isEmpty)
    #expect(try world.receipt(of: world.device).inAppPurchases.count == events + 1)
    // Carrying on completes the rest, as if nothing had stopped it.
    world.monitor = nil
    #expect(
      try world.advanceClock(by: TimeSpan(seconds: 86_400 - Int(at.timeIntervalSince(start)))) == .completed)
    #expect(account.history.count == 86_400 / 2 + 1)
  }

  @Test func aConsumableIsInTheReceiptWrittenAtItsPurchaseUntilFinishedAndRefreshed() throws {
    world.device.queue.removeObserver(named: "app")
    let coins = try world.buy("coins.100")
    let atPurchase = try world.receipt(of: world.device)
    #expect(atPurchase.inAppPurchases.map(\.productId) == ["coins.100"])
    try world.device.queue.finish(coins)
    world.settle()
    // Finishing writes no receipt: the one on the device still lists the consumable.
    #expect(try world.receipt(of: world.device).inAppPurchases.map(\.productId) == ["coins.100"])
    world.refreshReceipt(of: world.device)
    #expect(try world.receipt(of: world.device).inAppPurchases.isEmpty)
    // The receipt written at purchase reads the same after the finish.
    let snapshot = try #require(atPurchase.inAppPurchases.first)
    #expect(snapshot.transactionId == coins.transactionIdentifier)
  }

  @Test func aReceiptShowsRecordsAsTheyWereWhenWritten() throws {
    let pack = try world.buy("level.pack")
    try world.store.refund(
      transactionNumber: try #require(pack.record?.transactionNumber), reason: .other,
      account: world.device.queue.account!)
    #expect(try world.receipt(of: world.device).inAppPurchases.first?.cancellationDate == nil)
    world.refreshReceipt(of: world.device)
    #expect(try world.receipt(of: world.device).inAppPurchases.first?.cancellationDate != nil)
  }
}
