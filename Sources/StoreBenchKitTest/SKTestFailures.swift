import Foundation
import StoreBenchKit

/// The failures each StoreKit call can be armed with, as StoreKitTest names them:
/// `.generic(StoreKitError)` for every call, and the call's own errors where it has some.
public enum SKTestFailures {
  /// `Product.products(for:)`'s failures.
  public enum LoadProducts: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// `product.purchase(options:)`'s failures.
  public enum Purchase: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// A purchase error.
    case purchase(Product.PurchaseError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// Verification's failures: the transactions the app gets are unverified with this error.
  public enum Verification: SKTestFailure {
    /// A verification error.
    case verification(VerificationResult<Any>.VerificationError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// `AppStore.sync()`'s failures.
  public enum AppStoreSync: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// `Product.SubscriptionInfo.status`'s failures.
  public enum SubscriptionStatus: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// `AppTransaction.shared`'s failures.
  public enum AppTransaction: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// The manage-subscriptions sheet's failures.
  public enum ManageSubscriptions: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// The refund request sheet's failures.
  public enum RefundRequest: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// A refund request error.
    case refundRequest(Transaction.RefundRequestError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }

  /// The offer code redemption sheet's failures.
  public enum OfferCodeRedeem: SKTestFailure {
    /// A StoreKit error.
    case generic(StoreKitError)
    /// The error.
    public var _thrownError: any Error { thrown(self) }
  }
}

/// The error inside a failure: its one associated value.
private func thrown(_ failure: some SKTestFailure) -> any Error {
  Mirror(reflecting: failure).children.first?.value as? any Error ?? StoreKitError.unknown
}

extension SKTestFailure {
  /// Failures are equal when they are the same case with equal errors; `StoreKitError`, which is
  /// not `Equatable`, compares its case and what it carries as text.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    String(reflecting: lhs) == String(reflecting: rhs)
  }
}
