import StoreBenchKit

extension SKTestTransaction {
  /// The transaction as the store describes it.
  convenience init(_ facts: TestStore.TestTransactionFacts) {
    self.init(
      identifier: UInt(facts.identifier), originalTransactionIdentifier: UInt(facts.originalIdentifier),
      productIdentifier: facts.productID, purchaseDate: facts.purchaseDate, cancelDate: facts.cancelDate,
      expirationDate: facts.expirationDate,
      state: SKPaymentTransactionState(rawValue: facts.state) ?? .purchased,
      autoRenewingEnabled: facts.autoRenews, hasPurchaseIssue: facts.hasPurchaseIssue,
      pendingAskToBuyConfirmation: facts.waitsForAskToBuy,
      isPendingPriceIncreaseConsent: facts.waitsForPriceConsent)
  }
}
