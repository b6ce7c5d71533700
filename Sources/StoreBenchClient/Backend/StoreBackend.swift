import Foundation

/// What StoreKit's API asks of the App Store it reaches: a world in this process (StoreBenchKit's
/// `TestStore`) or a world `storebench serve` serves (``ServedStore``). The StoreKit types call
/// only these, through ``CurrentStore``, so that an app's code is the same against either.
package protocol StoreBackend: AnyObject, Sendable {
  /// The endless sequences (`Transaction.updates` and the others) the backend publishes on.
  var channels: Channels { get }
  /// `AppStore.canMakePayments`.
  var canMakePayments: Bool { get }
  /// `AppStore.deviceVerificationID`.
  var deviceVerificationID: UUID? { get }
  /// `Storefront.current`.
  var storefront: Storefront { get async }

  /// `Product.products(for:)`.
  func products(for identifiers: [String]) async throws -> [Product]
  /// `product.purchase(options:)`.
  func purchase(
    _ product: Product, options: Set<Product.PurchaseOption>
  ) async throws -> Product.PurchaseResult
  /// `transaction.finish()`.
  func finish(transactionID: UInt64) async
  /// `Transaction.currentEntitlements`, of one product or all.
  func entitlements(productID: String?) async -> [VerificationResult<Transaction>]
  /// `Transaction.all`, of one product or all.
  func allTransactions(productID: String?) async -> [VerificationResult<Transaction>]
  /// `Transaction.unfinished`.
  func unfinished() async -> [VerificationResult<Transaction>]
  /// `SubscriptionInfo.isEligibleForIntroOffer(for:)`.
  func isEligibleForIntroOffer(groupID: String) async -> Bool
  /// `SubscriptionInfo.status(for:)`.
  func statuses(groupID: String) async throws -> [Product.SubscriptionInfo.Status]
  /// `SubscriptionInfo.status(transactionID:)`.
  func status(transactionID: UInt64) async throws -> Product.SubscriptionInfo.Status?
  /// `Status.all`.
  func allStatuses() async -> [(groupID: String, statuses: [Product.SubscriptionInfo.Status])]
  /// `AppTransaction.shared` (`refresh` false) and `AppTransaction.refresh()`.
  func appTransaction(refresh: Bool) async throws -> VerificationResult<AppTransaction>
  /// `AppStore.sync()`.
  func sync() async throws
}
