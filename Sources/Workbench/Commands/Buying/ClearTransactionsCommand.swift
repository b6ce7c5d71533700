import ArgumentParser

/// `clear-transactions`: SKTestSession's clearTransactions.
struct ClearTransactionsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear-transactions",
    abstract: "Delete every transaction of the account (like SKTestSession.clearTransactions).",
    discussion: """
      The account's history, subscriptions, what is scheduled for them and pending refund requests \
      are gone; devices signed in to it empty their queues and the app's storage, and receipts are \
      written anew, empty. The clock, the catalog, the switches and the identifiers stay: new \
      purchases get identifiers never given before.
      """)

  func execute(in session: Session) throws {
    session.world.clearTransactions(account: try session.account)
  }
}
