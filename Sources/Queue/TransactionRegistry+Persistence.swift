extension TransactionRegistry {
  /// Fills an empty registry with a saved world's transactions, in handle order (a world that ran
  /// long has gaps where finished transactions were forgotten).
  ///
  /// - Throws: ``QueueError`` when the registry is not empty or a handle does not come after the one
  ///   before.
  public func restore(_ transactions: [PaymentTransaction]) throws(QueueError) {
    guard all.isEmpty else { throw QueueError(.inconsistentState, "the registry holds transactions already") }
    for transaction in transactions {
      guard transaction.handle >= nextHandle else {
        throw QueueError(
          .inconsistentState,
          "transaction \(transaction.handleText) comes where #\(nextHandle) or a later handle should")
      }
      register(transaction)
    }
  }
}
