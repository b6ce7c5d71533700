extension Product {
  /// What a purchase came to.
  public enum PurchaseResult: Sendable {
    /// The App Store charged: the signed transaction, and whether it verified.
    case success(VerificationResult<Transaction>)
    /// The customer dismissed the payment sheet.
    case userCancelled
    /// The purchase waits (Ask to Buy); its answer arrives through `Transaction.updates`.
    case pending
  }
}
