extension PaymentQueue {
  /// The App Store deleted transactions (StoreKit Testing's `deleteTransaction` and
  /// `clearTransactions`): the unfinished transactions of this queue that `isDeleted` picks leave
  /// it for good, as finished ones do (their downloads not over yet are cancelled), and observers
  /// hear `removedTransactions`. The app's storage is left as it is.
  ///
  /// - Parameter isDeleted: whether a transaction of the queue was deleted.
  /// - Returns: the transactions that left the queue, oldest first.
  @discardableResult
  public func drop(where isDeleted: (PaymentTransaction) -> Bool) -> [PaymentTransaction] {
    let dropped = transactions.filter(isDeleted)
    guard !dropped.isEmpty else { return [] }
    for transaction in dropped { takeOut(transaction, because: "deleted") }
    pending.append(.removed(dropped, targets: everyObserver))
    return dropped
  }
}
