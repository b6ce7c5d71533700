/// Which of StoreKit's two APIs made a payment: StoreKit 1 (`SKPaymentQueue.add(_:)`) or StoreKit 2
/// (`Product.purchase(options:)`). Both go through the device's one queue: StoreKit 1 observers
/// hear either, and a StoreKit 2 purchase returns its own result instead of reaching
/// `Transaction.updates`.
public enum StoreKitAPI: String, Hashable, Sendable, CaseIterable {
  /// `SKPaymentQueue`.
  case storeKit1 = "sk1"
  /// `Product.purchase(options:)`.
  case storeKit2 = "sk2"
}
