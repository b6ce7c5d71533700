import Foundation

/// An error a StoreKit call throws. Not `Equatable`, as in StoreKit: match its cases.
public enum StoreKitError: Error, LocalizedError, @unchecked Sendable {
  /// Something went wrong that StoreKit does not say.
  case unknown
  /// The customer cancelled.
  case userCancelled
  /// The network failed.
  case networkError(URLError)
  /// The system failed.
  case systemError(any Error)
  /// The product is not available in the customer's storefront.
  case notAvailableInStorefront
  /// The app is not entitled to the call.
  case notEntitled
  /// The call is not supported here.
  case unsupported

  /// What went wrong.
  public var errorDescription: String? {
    switch self {
    case .unknown: "An unknown error occurred."
    case .userCancelled: "The user cancelled."
    case .networkError(let error): "A network error occurred: \(error.code.rawValue)."
    case .systemError(let error): "A system error occurred: \(error)."
    case .notAvailableInStorefront: "The product is not available in the current storefront."
    case .notEntitled: "The app is not entitled to this request."
    case .unsupported: "This request is not supported."
    }
  }

  /// Why it went wrong.
  public var failureReason: String? { errorDescription }

  /// What to do about it.
  public var recoverySuggestion: String? { nil }
}
