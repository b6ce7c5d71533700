import Catalog
import Foundation
import Store
import Testing

@testable import Queue

private let soccer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("catalog/soccer.json").path

/// ``TransactionRegistry`` keeps every unfinished transaction and the most recent finished ones;
/// older finished ones are forgotten in batches, and their handles are never given again.
@Suite struct TransactionRegistryTests {
  @Test func finishedTransactionsBeyondTheWindowAreForgottenOldestFirst() throws {
    let store = Store(catalog: try CatalogLoader.load(path: soccer), log: EventLog())
    let registry = TransactionRegistry(finishedKept: 3)
    let queue = PaymentQueue(
      device: "iPhone", store: store, account: store.account(named: "default"), registry: registry)
    let unfinished = try queue.add(Payment(productId: "EnergyBottle"))
    queue.deliverNotifications()
    var finished: [PaymentTransaction] = []
    for _ in 0..<10 {
      let transaction = try queue.add(Payment(productId: "EnergyBottle"))
      queue.deliverNotifications()
      try queue.finish(transaction)
      finished.append(transaction)
    }
    // Ten finished (#2 to #11), kept 3: the 6th finish forgets #2–#4, the 9th #5–#7.
    #expect(registry.all.map(\.handle) == [1, 8, 9, 10, 11])
    #expect(registry.made == 11 && registry.forgotten == 6)
    #expect(registry.transaction(handle: 1) === unfinished, "an unfinished transaction is always kept")
    #expect(registry.transaction(handle: 2) == nil && registry.wasForgotten(handle: 2))
    #expect(registry.transaction(handle: 9) === finished[7])
    #expect(registry.transaction(handle: 12) == nil && !registry.wasForgotten(handle: 12))
    #expect(registry.transaction(identifier: try #require(finished[0].transactionIdentifier)) == nil)
    #expect(registry.transaction(identifier: try #require(finished[9].transactionIdentifier)) === finished[9])
    #expect(
      registry.transaction(identifier: try #require(finished[9].transactionIdentifier), onDevice: "iPhone")
        === finished[9])
    #expect(registry.last === finished[9])
    #expect(try queue.add(Payment(productId: "EnergyBottle")).handle == 12)
  }

  @Test func aSavedRegistryWithGapsComesBackWithItsHandles() throws {
    let registry = TransactionRegistry()
    try registry.restore([1, 5, 9].map(Self.finished))
    #expect(registry.all.map(\.handle) == [1, 5, 9] && registry.made == 9)
    #expect(registry.transaction(handle: 5)?.handle == 5 && registry.wasForgotten(handle: 3))
    #expect(registry.nextHandle == 10)
    #expect(throws: QueueError.self) { try TransactionRegistry().restore([3, 2].map(Self.finished)) }
  }

  private static func finished(_ handle: Int) -> PaymentTransaction {
    PaymentTransaction(
      restoringHandle: handle, payment: Payment(productId: "EnergyBottle"), device: "iPhone",
      state: .purchased,
      date: Date(timeIntervalSince1970: 0), transactionIdentifier: "\(2_000_000_000_000_000 + handle)",
      error: nil, record: nil, original: nil, isFinished: true, isInterrupted: false)
  }
}
