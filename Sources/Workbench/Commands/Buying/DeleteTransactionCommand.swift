import ArgumentParser

/// `delete-transaction TXN`: SKTestSession's deleteTransaction.
struct DeleteTransactionCommand: OneTransactionCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-transaction",
    abstract: "Delete a transaction from the account's history (like SKTestSession.deleteTransaction).",
    discussion: """
      TXN is a handle (#1), last, or a transaction id. The transaction is gone from the history, \
      from receipts written afterwards (devices holding one get a new receipt) and from the queues, \
      restored copies included (observers hear removedTransactions). Deleting a first purchase \
      deletes what continues it: a non-consumable's re-downloads, a subscription's renewals, so the \
      whole subscription ends and nothing renews. Deleting the current period of a renewing \
      subscription renews it again at once from the end of the period before. Identifiers are \
      never given again.
      """)

  @Argument(help: "The transaction (#N, last, or an id).", completion: .session(.transactions))
  var transaction: String

  func execute(in session: Session) throws {
    let number = try session.transactionNumber(transaction)
    try session.world.deleteTransaction(number: number, account: session.account)
  }
}
