extension PaymentQueue {
  /// Whether the queue is between two commands: no callback waits and every receipt Apple wrote
  /// was taken, so that saving it loses nothing.
  public var isSettled: Bool { pending.isEmpty && writtenReceipt == nil }

  /// Gives the queue a saved world's unfinished transactions and registered observers, without
  /// redelivering anything (the observers heard it all before the world was saved).
  public func restore(transactions: [PaymentTransaction], observers: [any TransactionObserver]) {
    self.transactions = transactions
    self.observers = observers
    pending = []
    writtenReceipt = nil
  }
}
