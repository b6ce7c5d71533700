import Vocabulary

/// A request the store refuses outright, before anything happens: the shared shape
/// (``ModuleError``), told apart as the store's.
public typealias StoreError = ModuleError<Store>

extension ModuleError where Module == Store {
  /// The account has no transaction with this number: `account ann has no transaction 7`.
  static func unknownTransaction(_ number: UInt64, in account: Account) -> StoreError {
    StoreError(.unknownTransaction, "account \(account.name) has no transaction \(number)")
  }
}
