import Observer
import Queue

/// A registered stand-in observer of a saved world: its name, policy, the actions it put off until
/// content downloads, and how many times it heard each callback.
struct ObserverSnapshot: Codable, Hashable {
  var name: String
  var purchased: [String]
  var restored: [String]
  var failed: [String]
  var waitsForContent: Bool
  var waiting: [WaitingActionsSnapshot]
  /// Absent when it heard nothing (and in files written before the counts were kept).
  var heard: [CallbackCountSnapshot]?
  /// Its answer to a promoted purchase; absent for `continue` (and in older files).
  var storePayment: String?

  init(_ observer: AppObserver, transactions: [PaymentTransaction], heard: [String: Int]) {
    name = observer.name
    purchased = observer.policy.purchased.map(\.rawValue)
    restored = observer.policy.restored.map(\.rawValue)
    failed = observer.policy.failed.map(\.rawValue)
    waitsForContent = observer.policy.waitsForContent
    waiting = transactions.compactMap { transaction in
      observer.waitingActions(for: transaction).map {
        WaitingActionsSnapshot(transaction: transaction.handle, actions: $0.map(\.rawValue))
      }
    }
    self.heard = CallbackCountSnapshot.list(heard)
    if observer.policy.storePayment != .continueNow { storePayment = observer.policy.storePayment.rawValue }
  }

  /// How many times the observer heard each callback.
  ///
  /// - Throws: ``WorldFileError`` naming a count that is not a count.
  func heardCounts(at path: String) throws(WorldFileError) -> [String: Int] {
    try CallbackCountSnapshot.counts(heard, at: path + ".heard")
  }

  func observer(
    storage: AppStorage, transactions: (Int) -> PaymentTransaction?, at path: String
  ) throws(WorldFileError) -> AppObserver {
    var policy = ObserverPolicy(
      purchased: try Self.actions(purchased, at: path + ".purchased"),
      restored: try Self.actions(restored, at: path + ".restored"),
      failed: try Self.actions(failed, at: path + ".failed"), waitsForContent: waitsForContent)
    policy.storePayment =
      try SnapshotPath.parse(
        optional: storePayment, as: StorePaymentDecision.self, at: path + ".storePayment")
      ?? .continueNow
    let observer = AppObserver(name: name, policy: policy, storage: storage)
    for (index, entry) in waiting.enumerated() {
      let entryPath = "\(path).waiting[\(index)]"
      guard let transaction = transactions(entry.transaction) else {
        throw WorldFileError(path: entryPath + ".transaction", reason: "no transaction #\(entry.transaction)")
      }
      observer.restoreWaiting(try Self.actions(entry.actions, at: entryPath + ".actions"), for: transaction)
    }
    return observer
  }

  private static func actions(_ words: [String], at path: String) throws(WorldFileError) -> [ObserverAction] {
    var actions: [ObserverAction] = []
    for (index, word) in words.enumerated() {
      actions.append(try SnapshotPath.parse(word, as: ObserverAction.self, at: "\(path)[\(index)]"))
    }
    return actions
  }
}
