/// The StoreKit 2 side of the app on a device: told of every transaction the queue changes, in
/// order with the StoreKit 1 callbacks and after them, so that it can end `Product.purchase` calls
/// and feed `Transaction.updates`.
public protocol StoreKit2Client: AnyObject {
  /// Whether the app's StoreKit 2 side hears transactions (the app uses StoreKit 2): the queue then
  /// does not log a transaction as unheard for want of StoreKit 1 observers.
  var hearsTransactions: Bool { get }

  /// A transaction changed state (`purchased`, `failed`, `deferred`, `restored`; never
  /// `purchasing`).
  func queue(_ queue: PaymentQueue, didUpdate transaction: PaymentTransaction, to state: TransactionState)
}
