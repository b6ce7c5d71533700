import Foundation

/// StoreKitTest's error: what an `SKTestSession` call refused, and why.
public struct SKTestError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The error's domain, as StoreKitTest names it.
  public static let errorDomain = "SKTestErrorDomain"

  /// What kind of refusal.
  public let code: SKTestError.Code
  /// What exactly, for people.
  public let message: String

  /// An error with a code.
  public init(_ code: SKTestError.Code) {
    self.init(code, message: "\(code)")
  }

  init(_ code: SKTestError.Code, message: String) {
    self.code = code
    self.message = message
  }

  /// `SKTestErrorDomain Code=N`, and what went wrong.
  public var description: String { "\(Self.errorDomain) Code=\(code.rawValue) (\(code)): \(message)" }

  /// What went wrong.
  public var errorDescription: String? { message }

  /// StoreKitTest's error codes.
  public enum Code: Int, Hashable, Sendable {
    /// The test environment is not available.
    case serviceUnavailable = 0
    /// No product has this identifier.
    case invalidProductIdentifier = 1
    /// The product's type does not allow the call.
    case invalidProductType = 2
    /// The URL is not a file's.
    case invalidURL = 3
    /// No file is there.
    case fileNotFound = 4
    /// The transaction is not of a subscription.
    case noSubscriptionFound = 5
    /// No transaction has this identifier.
    case noTransactionFound = 6
    /// The call does not apply to the transaction as it is.
    case invalidAction = 7
  }
}
