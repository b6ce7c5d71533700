import Foundation
import StoreBenchKit
import StoreModel

/// The app's purchase service over StoreBenchKit, written as it would be over StoreKit 2 (the
/// calls are StoreKit's names); every call runs in the test's own store.
final class StoreBenchPurchaseService: PurchaseService {
  let store: TestStore
  private let updates: AsyncStream<VerificationResult<Transaction>>

  init(store: TestStore) async {
    self.store = store
    updates = await store.run { Transaction.updates }
  }

  func purchase(_ productID: String) async throws -> PurchaseOutcome {
    try await store.run {
      guard let product = try await Product.products(for: [productID]).first else {
        throw Product.PurchaseError.productUnavailable
      }
      switch try await product.purchase() {
      case .success(let verification):
        let transaction = try verification.payloadValue
        await transaction.finish()
        return .purchased(transaction.id)
      case .pending: return .pending
      case .userCancelled: return .cancelled
      }
    }
  }

  func entitledProductIDs() async -> Set<String> {
    await store.run {
      var ids: Set<String> = []
      for await result in Transaction.currentEntitlements {
        if case .verified(let transaction, _) = result { ids.insert(transaction.productID) }
      }
      return ids
    }
  }

  func nextUpdate() async -> String? {
    var iterator = updates.makeAsyncIterator()
    guard let result = await iterator.next() else { return nil }
    await store.run { await result.unsafePayloadValue.finish() }
    return result.unsafePayloadValue.productID
  }
}
