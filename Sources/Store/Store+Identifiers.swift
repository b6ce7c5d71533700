extension Store {
  /// Starts the identifier generators again from other first values, as a store made with them
  /// would have: the next transaction and web order line item ids, and the app download
  /// transactions, the accounts taking the first ones again in the order of their names (a new
  /// store's one account, `default`, takes the first). For a world given another seed before it
  /// gave out any identifier; the caller checks it gave none.
  ///
  /// - Parameters:
  ///   - firstTransactionNumber: the transaction identifier to give next.
  ///   - firstWebOrderLineItemNumber: the web order line item identifier to give next.
  ///   - firstAppTransactionNumber: the first account's app download transaction.
  public func restartIdentifiers(
    firstTransactionNumber: UInt64, firstWebOrderLineItemNumber: UInt64, firstAppTransactionNumber: UInt64
  ) {
    transactionIds = TransactionIdentifierGenerator(first: firstTransactionNumber)
    webOrderLineItemIds = TransactionIdentifierGenerator(first: firstWebOrderLineItemNumber)
    appTransactionIds = TransactionIdentifierGenerator(first: firstAppTransactionNumber)
    appTransactionOwners = [:]
    for account in allAccounts {
      account.appTransactionNumber = appTransactionIds.make()
      appTransactionOwners[account.appTransactionNumber] = account.name
    }
  }
}
