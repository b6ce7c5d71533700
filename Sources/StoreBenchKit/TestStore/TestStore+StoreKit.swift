import Foundation

/// What StoreKit's API asks of the store it reaches.
extension TestStore {
  func products(for identifiers: [String]) throws -> [Product] {
    try withEngine { engine throws(any Error) in try engine.products(for: identifiers) }
  }

  func purchase(_ product: Product, options: Set<Product.PurchaseOption>) throws -> Product.PurchaseResult {
    let request = PurchaseRequest(productID: product.id, options: options)
    return try withEngine { engine throws(any Error) in try engine.purchase(request) }
  }

  func finish(transactionID: UInt64) {
    withEngine { $0.finish(transactionID: transactionID) }
  }

  func entitlements(productID: String?) -> [VerificationResult<Transaction>] {
    withEngine { $0.entitlements(productID: productID) }
  }

  func allTransactions(productID: String?) -> [VerificationResult<Transaction>] {
    withEngine { $0.allTransactions(productID: productID) }
  }

  func unfinished() -> [VerificationResult<Transaction>] {
    withEngine { $0.unfinished() }
  }

  func isEligibleForIntroOffer(groupID: String) -> Bool {
    withEngine { $0.isEligibleForIntroOffer(groupID: groupID) }
  }

  func statuses(groupID: String) throws -> [Product.SubscriptionInfo.Status] {
    try withEngine { engine throws(any Error) in try engine.statuses(groupID: groupID) }
  }

  func status(transactionID: UInt64) throws -> Product.SubscriptionInfo.Status? {
    try withEngine { engine throws(any Error) in try engine.status(transactionID: transactionID) }
  }

  func allStatuses() -> [(groupID: String, statuses: [Product.SubscriptionInfo.Status])] {
    withEngine { $0.allStatuses() }
  }

  func appTransaction(refresh: Bool) throws -> VerificationResult<AppTransaction> {
    try withEngine { engine throws(any Error) in try engine.sharedAppTransaction(refresh: refresh) }
  }

  func sync() throws {
    try withEngine { engine throws(any Error) in try engine.sync() }
  }

  var canMakePayments: Bool { withEngine { $0.device.queue.canMakePayments } }

  var deviceVerificationID: UUID? { withEngine { $0.deviceVerificationID } }

  var storefront: Storefront { withEngine { $0.storefront } }
}
