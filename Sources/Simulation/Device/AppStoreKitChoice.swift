/// Which of StoreKit's APIs the stand-in app is written against (`app sk1|sk2|both`), where
/// ``StoreKitAPI`` says which one made a single payment: a StoreKit 1 app
/// registers its `app` transaction observer at launch; a StoreKit 2 app starts its
/// `Transaction.updates` listener and checks `Transaction.currentEntitlements`; an app that uses
/// both does both, and each side sees what its API gives it.
public enum AppStoreKitChoice: String, Hashable, Sendable, CaseIterable {
  /// `SKPaymentQueue` and a transaction observer (the default, as in every earlier world).
  case storeKit1 = "sk1"
  /// `Product.purchase(options:)`, `Transaction.updates`, `Transaction.currentEntitlements`.
  case storeKit2 = "sk2"
  /// Both at once.
  case both

  /// Whether the app registers a StoreKit 1 observer at launch.
  public var usesStoreKit1: Bool { self != .storeKit2 }
  /// Whether the app listens to `Transaction.updates` and checks its entitlements.
  public var usesStoreKit2: Bool { self != .storeKit1 }
}
