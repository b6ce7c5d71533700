extension PaymentQueue {
  /// `restoreCompletedTransactions()`: a `restored` transaction with a new identifier for every
  /// restorable purchase of the account, then `restoreCompletedTransactionsFinished`.
  public func restoreCompletedTransactions() {
    if let error = store.faults.take(.restore) {
      pending.append(.restoreFailed(error, targets: everyObserver))
      return
    }
    var updates: [TransactionUpdate] = []
    for original in account?.restorablePurchases ?? [] {
      let transaction = PaymentTransaction(
        handle: registry.nextHandle,
        payment: Payment(productId: original.productId, quantity: original.quantity),
        device: device, state: .restored, date: now)
      transaction.transactionIdentifier = String(store.makeTransactionNumber())
      transaction.original = original
      transaction.record = original
      downloads.attach(to: transaction)
      registry.register(transaction)
      transactions.append(transaction)
      updates.append(TransactionUpdate(transaction: transaction, state: .restored))
    }
    if !updates.isEmpty {
      writeReceipt()
      post(updates: updates)
    }
    pending.append(.restoreFinished(targets: everyObserver))
  }
}
