#if canImport(StoreKit)
  import StoreKit

  /// The app's purchase service over StoreKit 2 itself, on Apple platforms: the same calls the
  /// tests make through StoreBenchKit.
  public final class StoreKitPurchaseService: PurchaseService {
    /// Creates the service.
    public init() {}

    /// `product.purchase()`, finishing a verified transaction.
    public func purchase(_ productID: String) async throws -> PurchaseOutcome {
      guard let product = try await Product.products(for: [productID]).first else {
        throw StoreKitError.notAvailableInStorefront
      }
      switch try await product.purchase() {
      case .success(let verification):
        let transaction = try verification.payloadValue
        await transaction.finish()
        return .purchased(transaction.id)
      case .pending: return .pending
      case .userCancelled: return .cancelled
      @unknown default: return .cancelled
      }
    }

    /// The verified `Transaction.currentEntitlements`.
    public func entitledProductIDs() async -> Set<String> {
      var ids: Set<String> = []
      for await result in Transaction.currentEntitlements {
        if case .verified(let transaction) = result { ids.insert(transaction.productID) }
      }
      return ids
    }

    /// The next verified transaction of `Transaction.updates`, finished.
    public func nextUpdate() async -> String? {
      for await result in Transaction.updates {
        guard case .verified(let transaction) = result else { continue }
        await transaction.finish()
        return transaction.productID
      }
      return nil
    }
  }
#endif
