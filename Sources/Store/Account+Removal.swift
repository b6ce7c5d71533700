extension Account {
  /// Takes entries out of the history as though they had never been made (StoreKit Testing's
  /// `deleteTransaction` and `clearTransactions`). The entries after them move up, and every
  /// lookup follows: by transaction, product and purchaser's transaction, the earlier versions, the
  /// finished consumables, ``modifications``, ``revocations`` and each subscription's current
  /// period (a subscription whose current period is taken out keeps a stale index: the store
  /// works it out again, see ``Store/deleteTransaction(number:account:)``).
  ///
  /// The revision counts one more, so that no receipt written before is taken for one written
  /// after; such a receipt no longer reads back as it was, so Apple writes the account's devices
  /// new ones (the world does).
  ///
  /// - Parameter numbers: the transactions to take out; numbers the history lacks are ignored.
  /// - Returns: the entries taken out, oldest first.
  func removeRecords(_ numbers: Set<UInt64>) -> [PurchaseRecord] {
    guard numbers.contains(where: { indexByTransaction[$0] != nil }) else { return [] }
    var movedTo = [Int?](repeating: nil, count: history.count)
    var kept: [PurchaseRecord] = []
    var removed: [PurchaseRecord] = []
    kept.reserveCapacity(history.count)
    for (index, record) in history.enumerated() {
      if numbers.contains(record.transactionNumber) {
        removed.append(record)
      } else {
        movedTo[index] = kept.count
        kept.append(record)
      }
    }
    history = kept
    revision += 1
    indexByTransaction = [:]
    sharedIndices = [:]
    purchaseIndices = [:]
    for index in history.indices { indexRecord(at: index) }
    earlierVersions = Dictionary(
      uniqueKeysWithValues: earlierVersions.compactMap { index, versions in
        movedTo[index].map { ($0, versions) }
      })
    for record in removed { finishedConsumables[record.transactionNumber] = nil }
    modifications = modifications.compactMap { movedTo[$0] }
    revocations = revocations.compactMap { movedTo[$0] }
    latestModification = Array(repeating: 0, count: history.count)
    for (position, index) in modifications.enumerated() { latestModification[index] = position }
    for state in subscriptions.values {
      if let moved = movedTo[state.latestIndex] { state.latestIndex = moved }
    }
    return removed
  }
}
