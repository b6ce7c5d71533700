/// `Product.PurchaseResult`, or the error `purchase(options:)` threw, as the app's call got it.
public enum PurchaseResult: Hashable, Sendable {
  /// `.success(_:)`: the transaction (by handle) and its verification.
  case success(handle: Int, transactionId: String, VerificationResult)
  /// `.userCancelled`: the customer dismissed the payment sheet.
  case userCancelled
  /// `.pending`: the purchase waits for Ask to Buy; the answer arrives through `Transaction.updates`.
  case pending(handle: Int)
  /// The call threw: a `StoreKitError` or `Product.PurchaseError`, by its SK2 name
  /// (`Product.PurchaseError.purchaseNotAllowed`).
  case failed(error: String)

  /// The result's word, as `expect purchase-result` names it: `success`, `userCancelled`,
  /// `pending`, or `error`.
  public var word: String {
    switch self {
    case .success: "success"
    case .userCancelled: "userCancelled"
    case .pending: "pending"
    case .failed: "error"
    }
  }
}
