import Foundation

/// What the app's purchase logic needs of StoreKit 2, as a protocol: the app conforms StoreKit to
/// it, and its tests conform StoreBenchKit (see the tests).
public protocol PurchaseService: Sendable {
  /// Buys a product: `.purchased` with the transaction id, `.pending` (Ask to Buy) or `.cancelled`.
  func purchase(_ productID: String) async throws -> PurchaseOutcome
  /// The products the customer is entitled to now (`Transaction.currentEntitlements`, verified
  /// ones only).
  func entitledProductIDs() async -> Set<String>
  /// Waits for the next transaction from outside the app (`Transaction.updates`), finishes it,
  /// and returns its product; `nil` when the sequence ends.
  func nextUpdate() async -> String?
}

/// What a purchase came to.
public enum PurchaseOutcome: Equatable, Sendable {
  /// Bought: the transaction id.
  case purchased(UInt64)
  /// Waiting for a parent (Ask to Buy).
  case pending
  /// The customer cancelled.
  case cancelled
}
