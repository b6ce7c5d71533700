/// The transactions of a session that commands can name, by handle (`#3`), by `last`, or by their
/// App Store identifier: every unfinished transaction, whatever its device, and the most recent
/// finished ones.
///
/// A finished transaction has left its queue, as in StoreKit; the registry keeps the
/// ``finishedKept`` most recent of them so that `show #3`, `refund #3` or a script's expectation
/// can still name them. Older finished transactions are forgotten, in batches, so that memory stays
/// bounded however long the clock runs: a year of renewals every two seconds would otherwise keep
/// 15 million of them. Their purchases stay in the account's history, and their handles are never
/// given again.
public final class TransactionRegistry {
  /// How many finished transactions are kept at least; up to twice as many are, between batches.
  public static let finishedKept = 10_000

  /// The transactions kept, in order of creation (by handle).
  public private(set) var all: [PaymentTransaction] = []
  private var byIdentifier: [String: PaymentTransaction] = [:]
  /// The most recent transaction of each identifier on each device, by device then identifier
  /// (a renewal is a transaction on every device that heard it).
  private var byDevice: [String: [String: PaymentTransaction]] = [:]
  /// How many transactions were ever made: the handle of the latest.
  public private(set) var made = 0
  /// How many of ``all`` are finished.
  private var finishedCount = 0
  /// How many finished transactions this registry keeps at least (``finishedKept`` unless a test
  /// asked for fewer).
  public let finishedLimit: Int

  /// Creates an empty registry.
  ///
  /// - Parameter finishedKept: How many finished transactions are kept at least (tests set fewer).
  public init(finishedKept: Int = TransactionRegistry.finishedKept) {
    finishedLimit = max(finishedKept, 1)
  }

  /// The handle the next transaction gets.
  var nextHandle: Int { made + 1 }

  /// How many transactions were forgotten.
  public var forgotten: Int { made - all.count }

  func register(_ transaction: PaymentTransaction) {
    all.append(transaction)
    made = max(made, transaction.handle)
    if transaction.isFinished { noteFinished() }
    identify(transaction)
  }

  /// Indexes a transaction under the identifier the App Store gave it after it was registered.
  func identify(_ transaction: PaymentTransaction) {
    guard let identifier = transaction.transactionIdentifier else { return }
    byIdentifier[identifier] = transaction
    byDevice[transaction.device, default: [:]][identifier] = transaction
  }

  /// Counts a transaction that was just finished, and forgets the oldest finished ones when twice
  /// ``finishedKept`` are kept (a batch at a time, so each finish costs constant time on average).
  func noteFinished() {
    finishedCount += 1
    if finishedCount >= 2 * finishedLimit { forgetOldestFinished() }
  }

  private func forgetOldestFinished() {
    var excess = finishedCount - finishedLimit
    var kept: [PaymentTransaction] = []
    kept.reserveCapacity(all.count - excess)
    for transaction in all {
      if excess > 0, transaction.isFinished {
        excess -= 1
        unindex(transaction)
      } else {
        kept.append(transaction)
      }
    }
    all = kept
    finishedCount = finishedLimit
  }

  private func unindex(_ transaction: PaymentTransaction) {
    guard let identifier = transaction.transactionIdentifier else { return }
    if byIdentifier[identifier] === transaction { byIdentifier[identifier] = nil }
    if byDevice[transaction.device]?[identifier] === transaction {
      byDevice[transaction.device]?[identifier] = nil
    }
  }

  /// The transaction with this handle, if it is kept.
  public func transaction(handle: Int) -> PaymentTransaction? {
    guard handle >= 1, handle <= made else { return nil }
    // Handles increase along `all`: the transaction is at its handle's place unless some were forgotten.
    if handle <= all.count, all[handle - 1].handle == handle { return all[handle - 1] }
    var low = 0
    var high = all.count
    while low < high {
      let middle = (low + high) / 2
      if all[middle].handle < handle { low = middle + 1 } else { high = middle }
    }
    return low < all.count && all[low].handle == handle ? all[low] : nil
  }

  /// Whether a transaction with this handle was made and then forgotten.
  public func wasForgotten(handle: Int) -> Bool {
    handle >= 1 && handle <= made && transaction(handle: handle) == nil
  }

  /// The most recently created transaction.
  public var last: PaymentTransaction? { all.last }

  /// The most recent transaction with this App Store identifier.
  public func transaction(identifier: String) -> PaymentTransaction? {
    byIdentifier[identifier]
  }

  /// The most recent transaction with this App Store identifier on one device.
  public func transaction(identifier: String, onDevice device: String) -> PaymentTransaction? {
    byDevice[device]?[identifier]
  }
}
