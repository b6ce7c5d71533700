import Store
import Vocabulary

/// `SKPaymentTransactionObserver`: the app code a queue tells about transactions.
public protocol TransactionObserver: AnyObject {
  /// The name the workbench shows in log lines.
  var name: String { get }

  /// Transactions changed state. Each update carries the state it changed to.
  func paymentQueue(_ queue: PaymentQueue, updatedTransactions updates: [TransactionUpdate])

  /// Finished transactions left the queue.
  func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [PaymentTransaction])

  /// A restore delivered everything it had.
  func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue)

  /// The customer lost access to products (a refund, or leaving a family).
  func paymentQueue(_ queue: PaymentQueue, didRevokeEntitlementsForProductIdentifiers productIds: [String])

  /// Downloads changed state or made progress.
  func paymentQueue(_ queue: PaymentQueue, updatedDownloads downloads: [Download])

  /// The storefront changed.
  func paymentQueueDidChangeStorefront(_ queue: PaymentQueue)

  /// A restore failed.
  func paymentQueue(_ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: SKErrorCode)

  /// The customer started a purchase on the App Store's product page: add it now, later, or never.
  func paymentQueue(_ queue: PaymentQueue, shouldAddStorePayment payment: Payment) -> StorePaymentDecision
}

extension TransactionObserver {
  /// An observer that does not say continues, as an app returning `true`.
  public func paymentQueue(
    _ queue: PaymentQueue, shouldAddStorePayment payment: Payment
  ) -> StorePaymentDecision {
    .continueNow
  }
}

/// A transaction as a callback delivers it: the object, and the state it was in when the change
/// was queued (it may have moved on since).
public struct TransactionUpdate {
  /// The transaction.
  public let transaction: PaymentTransaction
  /// The state the callback reports.
  public let state: TransactionState
}
