import ArgumentParser

/// A command that acts on one transaction its argument names (`#N`, `last`, or an id), such as
/// `delete-transaction`, `refund decide` or `order-id`: the argument must not be empty.
protocol OneTransactionCommand: SessionCommand {
  /// The transaction as typed.
  var transaction: String { get }
}

extension OneTransactionCommand {
  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }
}
