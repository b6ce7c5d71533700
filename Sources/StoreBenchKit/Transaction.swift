import Foundation
import Simulation
import Store

/// StoreKit 2's `Transaction`, read from the world's records.
public struct Transaction: Sendable, Identifiable, Hashable {
  /// Whether the customer bought it or has it through Family Sharing.
  public enum OwnershipType: String, Sendable, Hashable { case purchased, familyShared }
  /// Why it happened.
  public enum Reason: String, Sendable, Hashable { case purchase, renewal }

  /// The transaction id.
  public let id: UInt64
  /// The original transaction id.
  public let originalID: UInt64
  /// The product.
  public let productID: String
  /// The product's type.
  public let productType: Product.ProductType
  /// When the customer was charged (or the renewal happened).
  public let purchaseDate: Date
  /// The original purchase date.
  public let originalPurchaseDate: Date
  /// When a subscription period ends.
  public let expirationDate: Date?
  /// When it was refunded or revoked.
  public let revocationDate: Date?
  /// How many were bought.
  public let purchasedQuantity: Int
  /// The UUID the app gave at purchase (or its server set).
  public let appAccountToken: UUID?
  /// Purchased or family-shared.
  public let ownershipType: OwnershipType
  /// Whether a higher subscription replaced it.
  public let isUpgraded: Bool
  /// Purchase or renewal.
  public let reason: Reason
  /// The subscription group, for auto-renewable subscriptions.
  public let subscriptionGroupID: String?
  /// The kind of offer (`offerType`): 1 introductory, 2 promotional, 3 offer code, 4 win-back.
  public let offerType: Int?
  /// The offer's identifier (an offer code's reference name); `nil` for an introductory offer.
  public let offerID: String?

  init(_ record: PurchaseRecord, in world: World) {
    let payload = SignedPayloadFactory(world: world).transaction(record)
    id = record.transactionNumber
    originalID = record.originalTransactionNumber
    productID = record.productId
    productType = Product.ProductType(record.productType)
    purchaseDate = record.purchaseDate
    originalPurchaseDate = record.originalPurchaseDate
    expirationDate = record.expiresDate
    revocationDate = record.isUpgraded ? nil : record.cancellationDate
    purchasedQuantity = record.quantity
    appAccountToken = payload.appAccountToken.flatMap(UUID.init(uuidString:))
    ownershipType = record.isFamilyShared ? .familyShared : .purchased
    isUpgraded = record.isUpgraded
    reason = record.reason == .renewal ? .renewal : .purchase
    subscriptionGroupID = payload.subscriptionGroupIdentifier
    offerType = payload.rawOfferType.map(Int.init)
    offerID = payload.offerIdentifier
  }

  /// `finish()`: tells the App Store the app delivered it.
  public func finish() async {
    await TestStore.current?.finish(transactionID: id)
  }

  /// `Transaction.updates`: transactions made outside the app's purchase calls, from now on.
  public static var updates: AsyncStream<VerificationResult<Transaction>> {
    guard let store = TestStore.current else { return AsyncStream { $0.finish() } }
    return store.hub.stream()
  }

  /// `Transaction.currentEntitlements`.
  public static var currentEntitlements: AsyncStream<VerificationResult<Transaction>> {
    sequence { await $0.entitlements(productID: nil) }
  }

  /// `Transaction.currentEntitlements(for:)`.
  public static func currentEntitlements(
    for productID: String
  ) -> AsyncStream<VerificationResult<Transaction>> {
    sequence { await $0.entitlements(productID: productID) }
  }

  /// `Transaction.currentEntitlement(for:)`.
  public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
    await TestStore.current?.entitlements(productID: productID).last
  }

  /// `Transaction.latest(for:)`: the product's latest transaction, refunded or not.
  public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
    await TestStore.current?.allTransactions(productID: productID).last
  }

  /// `Transaction.all`.
  public static var all: AsyncStream<VerificationResult<Transaction>> {
    sequence { await $0.allTransactions(productID: nil) }
  }

  /// `Transaction.unfinished`.
  public static var unfinished: AsyncStream<VerificationResult<Transaction>> {
    sequence { await $0.unfinished() }
  }

  private static func sequence(
    _ values: @escaping @Sendable (TestStore) async -> [VerificationResult<Transaction>]
  ) -> AsyncStream<VerificationResult<Transaction>> {
    let store = TestStore.current
    return AsyncStream { continuation in
      let task = Task {
        if let store { for value in await values(store) { continuation.yield(value) } }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
