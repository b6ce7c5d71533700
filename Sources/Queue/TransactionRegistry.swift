/// Every transaction of a session, whatever its device and whether finished, so that commands can
/// name one by handle (`#3`), by `last`, or by its App Store identifier.
public final class TransactionRegistry {
  /// All transactions, in order of creation.
  public private(set) var all: [PaymentTransaction] = []
  private var byIdentifier: [String: PaymentTransaction] = [:]
  /// The most recent transaction of each identifier on each device, by device then identifier
  /// (a renewal is a transaction on every device that heard it).
  private var byDevice: [String: [String: PaymentTransaction]] = [:]

  /// Creates an empty registry.
  public init() {}

  /// The handle the next transaction gets.
  var nextHandle: Int { all.count + 1 }

  func register(_ transaction: PaymentTransaction) {
    all.append(transaction)
    identify(transaction)
  }

  /// Indexes a transaction under the identifier the App Store gave it after it was registered.
  func identify(_ transaction: PaymentTransaction) {
    guard let identifier = transaction.transactionIdentifier else { return }
    byIdentifier[identifier] = transaction
    byDevice[transaction.device, default: [:]][identifier] = transaction
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

  /// The most recent transaction with this App Store identifier on one device.
  public func transaction(identifier: String, onDevice device: String) -> PaymentTransaction? {
    byDevice[device]?[identifier]
  }
}
