import Foundation

/// What StoreKit's API asks of the store it reaches.
extension TestStore {
  package func products(for identifiers: [String]) throws -> [StoreBenchClient.Product] {
    try withEngine { engine throws(any Error) in try engine.products(for: identifiers) }
  }

  package func purchase(
    _ product: StoreBenchClient.Product, options: Set<StoreBenchClient.Product.PurchaseOption>
  ) throws -> StoreBenchClient.Product.PurchaseResult {
    let request = PurchaseRequest(productID: product.id, options: options)
    return try withEngine { engine throws(any Error) in try engine.purchase(request) }
  }

  package func finish(transactionID: UInt64) {
    withEngine { $0.finish(transactionID: transactionID) }
  }

  package func entitlements(
    productID: String?
  ) -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    withEngine { $0.entitlements(productID: productID) }
  }

  package func allTransactions(
    productID: String?
  ) -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    withEngine { $0.allTransactions(productID: productID) }
  }

  package func unfinished() -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    withEngine { $0.unfinished() }
  }

  package func isEligibleForIntroOffer(groupID: String) -> Bool {
    withEngine { $0.isEligibleForIntroOffer(groupID: groupID) }
  }

  package func statuses(groupID: String) throws -> [StoreBenchClient.Product.SubscriptionInfo.Status] {
    try withEngine { engine throws(any Error) in try engine.statuses(groupID: groupID) }
  }

  package func status(transactionID: UInt64) throws -> StoreBenchClient.Product.SubscriptionInfo.Status? {
    try withEngine { engine throws(any Error) in try engine.status(transactionID: transactionID) }
  }

  package func allStatuses() -> [(
    groupID: String, statuses: [StoreBenchClient.Product.SubscriptionInfo.Status]
  )] {
    withEngine { $0.allStatuses() }
  }

  package func appTransaction(
    refresh: Bool
  ) throws -> StoreBenchClient.VerificationResult<StoreBenchClient.AppTransaction> {
    try withEngine { engine throws(any Error) in try engine.sharedAppTransaction(refresh: refresh) }
  }

  package func sync() throws {
    try withEngine { engine throws(any Error) in try engine.sync() }
  }

  package var canMakePayments: Bool { withEngine { $0.device.queue.canMakePayments } }

  package var deviceVerificationID: UUID? { withEngine { $0.deviceVerificationID } }

  package var storefront: StoreBenchClient.Storefront { withEngine { $0.storefront } }
}
