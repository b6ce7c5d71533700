import Foundation

extension Transaction {
  /// What came of a refund request.
  public enum RefundRequestStatus: Equatable, Hashable, Sendable {
    /// The request was sent to Apple.
    case success
    /// The customer cancelled the sheet.
    case userCancelled
  }

  /// Why a refund request failed.
  public enum RefundRequestError: Error, Equatable, Hashable, LocalizedError, Sendable {
    /// A request for the transaction waits already.
    case duplicateRequest
    /// The request failed.
    case failed

    /// What went wrong.
    public var errorDescription: String? {
      switch self {
      case .duplicateRequest: "A refund request for this transaction exists already."
      case .failed: "The refund request failed."
      }
    }

    /// Why it went wrong.
    public var failureReason: String? { errorDescription }

    /// What to do about it.
    public var recoverySuggestion: String? { nil }
  }
}
