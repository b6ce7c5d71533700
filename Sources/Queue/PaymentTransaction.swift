import Foundation
import Store
import Vocabulary

/// `SKPaymentTransaction`: one payment's life in a device's queue, from `purchasing` until the app
/// finishes it.
public final class PaymentTransaction {
  /// The workbench's short handle, in order of creation across the session: `#1`, `#2`, …
  public let handle: Int
  /// The payment that created it.
  public let payment: Payment
  /// The device whose queue holds it.
  public let device: String
  /// Where it is in its life.
  public internal(set) var state: TransactionState
  /// The App Store's identifier; StoreKit gives one only to purchased and restored transactions.
  public internal(set) var transactionIdentifier: String?
  /// When the state last changed, on the virtual clock.
  public internal(set) var date: Date
  /// Why it failed, for failed transactions.
  public internal(set) var error: SKErrorCode?
  /// The history entry a purchase or restore stands for.
  public internal(set) var record: PurchaseRecord?
  /// For restored transactions, the original purchase.
  public internal(set) var original: PurchaseRecord?
  /// Whether the app finished it (it has then left the queue).
  public internal(set) var isFinished = false
  /// Whether it failed because the purchase was interrupted (terms to accept, payment to confirm).
  public internal(set) var isInterrupted = false
  /// Hosted content to download, for purchased or restored products that have some.
  public internal(set) var downloads: [Download] = []
  /// For an interrupted purchase, the transaction that completed it once resolved.
  public internal(set) weak var resolution: PaymentTransaction?

  init(handle: Int, payment: Payment, device: String, state: TransactionState, date: Date) {
    self.handle = handle
    self.payment = payment
    self.device = device
    self.state = state
    self.date = date
  }

  /// `#3`.
  public var handleText: String { "#\(handle)" }

  /// `#3 EnergyBottle x2 purchased 2000000000000003` (quantity only above 1, identifier when given).
  public var summary: String { summary(as: state) }

  /// The summary as it read in an earlier state.
  public func summary(as state: TransactionState) -> String {
    var words = [handleText, payment.productId]
    if payment.quantity > 1 { words.append("x\(payment.quantity)") }
    words.append(state.rawValue)
    if state == .failed, let error { words.append("(\(error))") }
    if state == .purchased || state == .restored, let transactionIdentifier {
      words.append(transactionIdentifier)
    }
    return words.joined(separator: " ")
  }
}
