import Vocabulary

extension Store {
  /// The customer takes a subscription product, with a promotional offer or without, on an App
  /// Store page rather than in the app (the cancellation flow's alternate product or retention
  /// offer): charged as a purchase of the product is (an upgrade at once, a crossgrade or
  /// downgrade as the group's rules say, a promotional offer for the same product from the next
  /// renewal), and the transaction reaches the account's devices as one made outside the app.
  ///
  /// - Returns: the new transaction, `nil` when the change waits for the next renewal (a
  ///   downgrade, an offer for the product subscribed to), or the StoreKit error the App Store
  ///   refuses it with.
  public func purchaseOutsideApp(
    productId: String, offerId: String?, account: Account
  ) -> Result<PurchaseRecord?, SKErrorCode> {
    let upcoming = upcomingTransactionNumber
    switch charge(productId: productId, quantity: 1, account: account, offerId: offerId) {
    case .failure(let code): return .failure(code)
    case .success(let record):
      guard record.transactionNumber >= upcoming else { return .success(nil) }
      listener?.store(self, didCreateTransaction: record, for: account)
      return .success(record)
    }
  }
}
