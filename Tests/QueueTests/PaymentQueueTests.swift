import Catalog
import Foundation
import Store
import Testing
import Vocabulary

@testable import Queue

/// An observer that writes down every callback and finishes nothing unless told to.
final class RecordingObserver: TransactionObserver {
  let name: String
  var calls: [String] = []
  var finishesPurchased = false

  init(name: String = "recorder") { self.name = name }

  func paymentQueue(_ queue: PaymentQueue, updatedTransactions updates: [TransactionUpdate]) {
    calls.append(
      "updated " + updates.map { "\($0.transaction.handleText) \($0.state.rawValue)" }.joined(separator: ", ")
    )
    guard finishesPurchased else { return }
    for update in updates where update.state.isFinishable { try? queue.finish(update.transaction) }
  }

  func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [PaymentTransaction]) {
    calls.append("removed " + transactions.map(\.handleText).joined(separator: ", "))
  }

  func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue) {
    calls.append("restore finished")
  }

  func paymentQueueDidChangeStorefront(_ queue: PaymentQueue) { calls.append("storefront") }

  func paymentQueue(_ queue: PaymentQueue, updatedDownloads downloads: [Download]) {
    calls.append(
      "downloads "
        + downloads.map { "\($0.transaction.handleText) \($0.state.rawValue)" }.joined(separator: ", "))
  }

  func paymentQueue(_ queue: PaymentQueue, didRevokeEntitlementsForProductIdentifiers productIds: [String]) {
    calls.append("revoked " + productIds.joined(separator: ", "))
  }

  func paymentQueue(_ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: SKErrorCode) {
    calls.append("restore failed \(error.name)")
  }
}

private let soccer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("catalog/soccer.json").path

@Suite struct PaymentQueueTests {
  let queue: PaymentQueue
  let observer = RecordingObserver()

  init() throws {
    let store = Store(catalog: try CatalogLoader.load(path: soccer), log: EventLog())
    queue = PaymentQueue(
      device: "iPhone", store: store, account: try #require(store.account(named: "default")),
      registry: TransactionRegistry())
    queue.add(observer: observer)
  }

  @Test func aPurchaseGoesPurchasingThenPurchased() throws {
    let transaction = try queue.add(Payment(productId: "EnergyBottle"))
    queue.deliverNotifications()
    #expect(observer.calls == ["updated #1 purchasing", "updated #1 purchased"])
    #expect(transaction.state == .purchased)
    #expect(transaction.transactionIdentifier == "2000000000000001")
    #expect(queue.transactions.count == 1)
  }

  @Test(arguments: [0, 11, -1])
  func quantitiesOutsideOneToTenAreRefusedBeforeATransactionExists(quantity: Int) {
    #expect(throws: QueueError(.invalidValue, "quantity must be 1 to 10, not \(quantity)")) {
      try queue.add(Payment(productId: "EnergyBottle", quantity: quantity))
    }
    #expect(queue.transactions.isEmpty)
  }

  @Test func aPaymentForAnUnknownProductFailsWithPaymentInvalid() throws {
    let transaction = try queue.add(Payment(productId: "Nope"))
    queue.deliverNotifications()
    #expect(transaction.state == .failed)
    #expect(transaction.error == .paymentInvalid)
    #expect(transaction.transactionIdentifier == nil)
  }

  @Test func finishingRemovesAndTellsObservers() throws {
    let transaction = try queue.add(Payment(productId: "GoldenGlobe"))
    queue.deliverNotifications()
    try queue.finish(transaction)
    queue.deliverNotifications()
    #expect(observer.calls.last == "removed #1")
    #expect(queue.transactions.isEmpty)
    #expect(transaction.isFinished)
    #expect(throws: QueueError(.conflict, "#1 is already finished")) { try queue.finish(transaction) }
  }

  @Test func aPurchasingTransactionCannotBeFinished() throws {
    queue.canMakePayments = true
    let transaction = try queue.add(Payment(productId: "GoldenGlobe"))
    #expect(transaction.state == .purchasing)
    #expect(throws: QueueError.self) { try queue.finish(transaction) }
  }

  @Test func restrictedPaymentsAndCancelledSheetsFail() throws {
    queue.canMakePayments = false
    let restricted = try queue.add(Payment(productId: "GoldenGlobe"))
    queue.canMakePayments = true
    queue.pendingCancellations = 1
    let cancelled = try queue.add(Payment(productId: "GoldenGlobe"))
    let bought = try queue.add(Payment(productId: "GoldenGlobe"))
    queue.deliverNotifications()
    #expect(restricted.error == .paymentNotAllowed)
    #expect(cancelled.error == .paymentCancelled)
    #expect(cancelled.transactionIdentifier == nil)
    #expect(bought.state == .purchased)
    #expect(queue.account!.history.count == 1)
  }

  @Test func restoreReturnsNonConsumablesOnlyWithNewIdsAndTheOriginal() throws {
    observer.finishesPurchased = true
    try queue.add(Payment(productId: "EnergyBottle"))
    let gloves = try queue.add(Payment(productId: "ProtectiveGloves"))
    queue.deliverNotifications()
    observer.calls.removeAll()
    let late = RecordingObserver(name: "restorer")
    queue.add(observer: late)
    queue.restoreCompletedTransactions()
    queue.deliverNotifications()
    let restored = try #require(queue.account!.restorablePurchases.first)
    #expect(restored.productId == "ProtectiveGloves")
    #expect(late.calls == ["updated #3 restored", "restore finished", "removed #3"])
    #expect(observer.calls == ["updated #3 restored", "restore finished", "removed #3"])
    #expect(queue.account!.restorablePurchases.map(\.transactionId) == [gloves.transactionIdentifier])
    #expect(queue.transactions.isEmpty)
  }

  @Test func aLateObserverHearsOnlyUnfinishedTransactions() throws {
    try queue.add(Payment(productId: "EnergyBottle"))
    queue.deliverNotifications()
    let late = RecordingObserver(name: "late")
    queue.add(observer: late)
    queue.deliverNotifications()
    #expect(late.calls == ["updated #1 purchased"])
  }

  @Test func relaunchDropsObserversAndUndeliveredCallbacksButKeepsTransactions() throws {
    try queue.add(Payment(productId: "EnergyBottle"))
    queue.relaunch()
    #expect(queue.observers.isEmpty)
    #expect(!queue.hasPendingNotifications)
    #expect(queue.transactions.count == 1)
    #expect(observer.calls.isEmpty)
  }

  @Test func renewalsArriveAsPurchasedAndWaitForAnObserver() throws {
    queue.relaunch()
    let record = PurchaseRecord(
      transactionNumber: 7, originalTransactionNumber: 5, productId: "GoldenGlobe",
      productType: .nonConsumable,
      quantity: 1, purchaseDate: queue.store.clock.now, originalPurchaseDate: queue.store.clock.now,
      charged: Price(amount: 1, currency: "USD"), storefront: "USA", reason: .renewal)
    let transaction = queue.receive(record)
    #expect(transaction.state == .purchased)
    #expect(transaction.transactionIdentifier == "7")
    let late = RecordingObserver(name: "late")
    queue.add(observer: late)
    queue.revokeEntitlements(for: ["GoldenGlobe"])
    queue.deliverNotifications()
    #expect(late.calls == ["updated #1 purchased", "revoked GoldenGlobe"])
  }

  @Test func askToBuyDefersUntilApprovedOrDeclined() throws {
    queue.store.isAskToBuyOn = true
    let first = try queue.add(Payment(productId: "GoldenGlobe"))
    let second = try queue.add(Payment(productId: "GoldenGlobe"))
    queue.deliverNotifications()
    #expect(first.state == .deferred && second.state == .deferred)
    #expect(queue.account!.history.isEmpty)
    try queue.approve(first)
    try queue.decline(second)
    #expect(first.state == .purchased)
    #expect(second.state == .failed && second.error == .paymentCancelled)
    #expect(throws: QueueError.self) { try queue.approve(first) }
    queue.store.isAskToBuyDeclineSilent = true
    let third = try queue.add(Payment(productId: "GoldenGlobe"))
    queue.deliverNotifications()
    try queue.decline(third)
    #expect(third.state == .deferred)
  }

  @Test func anInterruptedPurchaseFailsThenResolvesIntoANewTransaction() throws {
    queue.store.isInterruptedPurchasesOn = true
    let interrupted = try queue.add(Payment(productId: "EnergyBottle"))
    queue.deliverNotifications()
    #expect(interrupted.state == .failed && interrupted.isInterrupted)
    let completed = try queue.resolve(interrupted)
    #expect(completed.state == .purchased && completed.handle == 2)
    #expect(throws: QueueError.self) { try queue.resolve(interrupted) }
  }

  @Test func armedFaultsFailTheNextCallsOnly() throws {
    queue.store.faults.arm(.buy, error: .invalidOfferPrice, count: 1)
    queue.store.faults.arm(.restore, error: .cloudServiceRevoked, count: 1)
    let failed = try queue.add(Payment(productId: "EnergyBottle"))
    let fine = try queue.add(Payment(productId: "EnergyBottle"))
    queue.restoreCompletedTransactions()
    queue.deliverNotifications()
    #expect(failed.error == .invalidOfferPrice)
    #expect(fine.state == .purchased)
    #expect(observer.calls.contains("restore failed cloudServiceRevoked"))
  }

  @Test func aFinishInsideACallbackIsHeardAfterTheCurrentRound() throws {
    observer.finishesPurchased = true
    let second = RecordingObserver(name: "second")
    queue.add(observer: second)
    try queue.add(Payment(productId: "EnergyBottle"))
    queue.deliverNotifications()
    #expect(second.calls == ["updated #1 purchasing", "updated #1 purchased", "removed #1"])
  }
}
