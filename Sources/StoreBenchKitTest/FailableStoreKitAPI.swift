/// A failure a StoreKit call can be armed with (`SKTestSession.setSimulatedError(_:forAPI:)`).
public protocol SKTestFailure: Equatable, Sendable {
  /// The error the call throws (an implementation detail, as StoreKitTest's own requirements are).
  var _thrownError: any Error { get }
}

/// A StoreKit call `SKTestSession` can make fail, with the failures it takes: one struct per call,
/// named by the leading-dot statics (`.loadProducts`, `.purchase`…), as StoreKitTest has them.
public protocol FailableStoreKitAPI<Failure>: Sendable {
  /// The failures the call takes.
  associatedtype Failure: SKTestFailure
}

/// `Product.products(for:)`.
public struct StoreKitLoadProductsAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.LoadProducts
  /// The API.
  public init() {}
}

/// `product.purchase(options:)`.
public struct StoreKitPurchaseAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.Purchase
  /// The API.
  public init() {}
}

/// StoreKit's check of signed transactions.
public struct StoreKitVerificationAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.Verification
  /// The API.
  public init() {}
}

/// `AppStore.sync()`.
public struct StoreKitAppStoreSyncAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.AppStoreSync
  /// The API.
  public init() {}
}

/// `Product.SubscriptionInfo.status`.
public struct StoreKitSubscriptionStatusAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.SubscriptionStatus
  /// The API.
  public init() {}
}

/// `AppTransaction.shared` and `refresh()`.
public struct StoreKitAppTransactionAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.AppTransaction
  /// The API.
  public init() {}
}

/// `AppStore.showManageSubscriptions(in:)` (a sheet storebench has no stand-in for: arming it is kept
/// and read back, and fails nothing).
public struct StoreKitManageSubscriptionsAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.ManageSubscriptions
  /// The API.
  public init() {}
}

/// `Transaction.beginRefundRequest(in:)`.
public struct StoreKitRefundRequestAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.RefundRequest
  /// The API.
  public init() {}
}

/// `AppStore.presentOfferCodeRedeemSheet(in:)`.
public struct StoreKitOfferCodeRedeemAPI: FailableStoreKitAPI {
  /// Its failures.
  public typealias Failure = SKTestFailures.OfferCodeRedeem
  /// The API.
  public init() {}
}

extension FailableStoreKitAPI where Self == StoreKitLoadProductsAPI {
  /// `Product.products(for:)`.
  public static var loadProducts: StoreKitLoadProductsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitPurchaseAPI {
  /// `product.purchase(options:)`.
  public static var purchase: StoreKitPurchaseAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitVerificationAPI {
  /// StoreKit's check of signed transactions.
  public static var verification: StoreKitVerificationAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitAppStoreSyncAPI {
  /// `AppStore.sync()`.
  public static var appStoreSync: StoreKitAppStoreSyncAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitSubscriptionStatusAPI {
  /// `Product.SubscriptionInfo.status`.
  public static var subscriptionStatus: StoreKitSubscriptionStatusAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitAppTransactionAPI {
  /// `AppTransaction.shared`.
  public static var appTransaction: StoreKitAppTransactionAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitManageSubscriptionsAPI {
  /// The manage-subscriptions sheet.
  public static var manageSubscriptions: StoreKitManageSubscriptionsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitRefundRequestAPI {
  /// The refund request sheet.
  public static var refundRequest: StoreKitRefundRequestAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitOfferCodeRedeemAPI {
  /// The offer code redemption sheet.
  public static var offerCodeRedeem: StoreKitOfferCodeRedeemAPI { .init() }
}
