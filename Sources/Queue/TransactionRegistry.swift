/// Every transaction of a session, whatever its device and whether finished, so that commands can
/// name one by handle (`#3`), by `last`, or by its App Store identifier.
public final class TransactionRegistry {
  /// All transactions, in order of creation.
  public private(set) var all: [PaymentTransaction] = []
  private var byIdentifier: [String: PaymentTransaction] = [:]

  /// Creates an empty registry.
  public init() {}

  /// The handle the next transaction gets.
  var nextHandle: Int { all.count + 1 }

  func register(_ transaction: PaymentTransaction) {
    all.append(transaction)
    if let identifier = transaction.transactionIdentifier { byIdentifier[identifier] = transaction }
  }

  /// Indexes a transaction under the identifier the App Store gave it after it was registered.
  func identify(_ transaction: PaymentTransaction) {
    if let identifier = transaction.transactionIdentifier { byIdentifier[identifier] = transaction }
  }

  /// The transaction with this handle.
  public func transaction(handle: Int) -> PaymentTransaction? {
    handle >= 1 && handle <= all.count ? all[handle - 1] : nil
  }

  /// The most recently created transaction.
  public var last: PaymentTransaction? { all.last }

  /// The most recent transaction with this App Store identifier.
  public func transaction(identifier: String) -> PaymentTransaction? {
    byIdentifier[identifier]
  }
}
