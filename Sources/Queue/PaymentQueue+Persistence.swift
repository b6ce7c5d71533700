extension PaymentQueue {
  /// Whether the queue is between two commands: no callback waits and every receipt Apple wrote
  /// was taken, so that saving it loses nothing.
  public var isSettled: Bool { pending.isEmpty && writtenReceipt == nil }

  /// Gives the queue a saved world's unfinished transactions and registered observers, without
  /// redelivering anything (the observers heard it all before the world was saved).
  ///
  /// - Parameter callbacksHeard: for each observer, in the same order, how many times it heard
  ///   each callback (``callbacks(heardBy:)``); missing entries are none.
  public func restore(
    transactions: [PaymentTransaction], observers: [any TransactionObserver],
    callbacksHeard: [[String: Int]] = []
  ) {
    self.transactions = transactions
    self.observers = observers
    observersByName = [:]
    for observer in observers where observersByName[observer.name] == nil {
      observersByName[observer.name] = observer
    }
    self.callbacksHeard = [:]
    for (observer, counts) in zip(observers, callbacksHeard) where !counts.isEmpty {
      self.callbacksHeard[ObjectIdentifier(observer)] = counts
    }
    pending = []
    writtenReceipt = nil
  }
}
