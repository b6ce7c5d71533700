/// StoreKit 1's transaction states: what `SKTestTransaction.state` says.
public enum SKPaymentTransactionState: Int, Hashable, Sendable {
  /// The App Store is processing the payment.
  case purchasing = 0
  /// Charged.
  case purchased = 1
  /// Failed.
  case failed = 2
  /// Restored.
  case restored = 3
  /// Waiting (Ask to Buy).
  case deferred = 4
}
