/// The entries a deletion took out of one account's history (see
/// ``Store/deleteTransaction(number:account:)`` and ``Store/clearTransactions(account:)``).
public struct DeletedRecords {
  /// The account whose history lost them.
  public let account: Account
  /// The entries, oldest first.
  public let records: [PurchaseRecord]

  /// Creates the list of one account's deleted entries.
  public init(account: Account, records: [PurchaseRecord]) {
    self.account = account
    self.records = records
  }
}
