/// `SKPaymentTransactionState`: where a transaction is in its life.
public enum TransactionState: String, CaseIterable, Hashable, Sendable {
  /// Added to the queue; the payment sheet is up.
  case purchasing
  /// Charged; the app should deliver, then finish.
  case purchased
  /// Did not go through; the app should finish it all the same.
  case failed
  /// A past purchase brought back by a restore; the app should deliver, then finish.
  case restored
  /// Waiting for someone else (Ask to Buy); a final state comes later.
  case deferred

  /// Whether the app may finish a transaction in this state (StoreKit raises otherwise).
  public var isFinishable: Bool {
    switch self {
    case .purchased, .failed, .restored: true
    case .purchasing, .deferred: false
    }
  }
}
