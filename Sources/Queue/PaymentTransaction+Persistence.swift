import Foundation
import Store
import Vocabulary

extension PaymentTransaction {
  /// Rebuilds a transaction a saved world kept (its downloads come back through its queue).
  ///
  /// - Parameters:
  ///   - handle: its handle, `#handle`.
  ///   - payment: the payment that created it.
  ///   - device: the device whose queue holds (or held) it.
  ///   - state: where it is in its life.
  ///   - date: when the state last changed.
  ///   - transactionIdentifier: the App Store's identifier, if it got one.
  ///   - error: why it failed.
  ///   - record: the history entry it stands for.
  ///   - original: for a restored transaction, the original purchase.
  ///   - isFinished: whether the app finished it.
  ///   - isInterrupted: whether it failed because the purchase was interrupted.
  public convenience init(
    restoringHandle handle: Int, payment: Payment, device: String, state: TransactionState, date: Date,
    transactionIdentifier: String?, error: SKErrorCode?, record: PurchaseRecord?, original: PurchaseRecord?,
    isFinished: Bool, isInterrupted: Bool
  ) {
    self.init(handle: handle, payment: payment, device: device, state: state, date: date)
    self.transactionIdentifier = transactionIdentifier
    self.error = error
    self.record = record
    self.original = original
    self.isFinished = isFinished
    self.isInterrupted = isInterrupted
  }

  /// Links an interrupted purchase to the transaction that completed it.
  public func restoreResolution(_ completion: PaymentTransaction) {
    resolution = completion
  }
}
