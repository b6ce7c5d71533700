import Store

extension World {
  /// Deletes a transaction, as StoreKit Testing's `SKTestSession.deleteTransaction(identifier:)`
  /// does: Apple's side forgets it as ``Store/deleteTransaction(number:account:)`` says (a first
  /// purchase with every entry continuing it, a subscription's whole life with it). On the
  /// devices, every queue drops its unfinished transactions for the deleted entries, restored
  /// copies included (observers hear `removedTransactions`), and a device holding a receipt of an
  /// account that lost entries is written a new one without them. When the current period of a
  /// renewing subscription was deleted, what then falls due (its renewal from the end of the
  /// period before) happens before this returns; the clock does not move.
  ///
  /// Like every change, it belongs inside ``step(changing:_:)``, which the caller opens.
  ///
  /// - Parameters:
  ///   - number: the transaction identifier.
  ///   - account: the account whose history holds it.
  /// - Returns: the entries deleted, the account's first, then family members'.
  /// - Throws: ``SimulationError`` (`not-found`) naming the transaction when the account has none
  ///   such; nothing changes.
  @discardableResult
  public func deleteTransaction(number: UInt64, account: Account) throws(SimulationError) -> [DeletedRecords]
  {
    let deleted: [DeletedRecords]
    do {
      deleted = try store.deleteTransaction(number: number, account: account)
    } catch {
      throw SimulationError(error)
    }
    removeFromDevices(deleted)
    advanceClock(to: store.clock.now)
    return deleted
  }

  /// Deletes every transaction of an account, as StoreKit Testing's `SKTestSession.clearTransactions()`
  /// does: Apple's side forgets them as ``Store/clearTransactions(account:)`` says; every device
  /// signed in to the account empties its queue (failed and Ask to Buy transactions too) and the
  /// app's storage, other devices drop what they held of the account's purchases, and receipts
  /// are written anew, empty. The clock, the catalog, the switches and the identifiers already
  /// given stay.
  ///
  /// Like every change, it belongs inside ``step(changing:_:)``, which the caller opens.
  ///
  /// - Returns: the entries deleted, the account's first, then family members'.
  @discardableResult
  public func clearTransactions(account: Account) -> [DeletedRecords] {
    let deleted = store.clearTransactions(account: account)
    for device in devices(of: account) {
      device.queue.drop { _ in true }
      device.storage.clear()
    }
    removeFromDevices(deleted)
    return deleted
  }

  /// Takes deleted entries off the devices: the queues' unfinished transactions for them, and
  /// receipts that listed them (Apple writes the device a new one).
  private func removeFromDevices(_ deleted: [DeletedRecords]) {
    let numbers = Set(deleted.lazy.flatMap(\.records).map(\.transactionNumber))
    guard !numbers.isEmpty else { return }
    let accounts = deleted.filter { !$0.records.isEmpty }.map(\.account)
    for device in devices {
      device.queue.drop { $0.record.map { numbers.contains($0.transactionNumber) } ?? false }
      if let receipt = device.receipt, accounts.contains(where: { $0 === receipt.account }) {
        device.keepReceipt(
          of: receipt.account, at: receipt.account.stamp(at: store.clock.now),
          environment: receipt.environment)
      }
    }
  }
}
