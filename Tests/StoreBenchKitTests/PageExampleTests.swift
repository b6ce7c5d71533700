import Foundation
import StoreBenchKit
import StoreBenchKitTest
import Testing

// docs/storebenchkit.md, "Start from your store class": an app's existing StoreKit 2 store class,
// written as Apple's sample code writes it (a detached `Transaction.updates` listener started at
// launch, `checkVerified`, entitlements from `Transaction.currentEntitlements`).
@MainActor final class Store {
  private(set) var products: [Product] = []
  private(set) var purchasedIDs: Set<String> = []
  private var updates: Task<Void, Never>?

  init() {
    updates = Task.detached { [weak self] in
      for await result in Transaction.updates {
        guard case .verified(let transaction) = result else { continue }
        await self?.updatePurchasedIDs()
        await transaction.finish()
      }
    }
  }

  deinit { updates?.cancel() }

  func loadProducts() async throws {
    products = try await Product.products(for: ["coins.100", "level.pack", "pro.monthly"])
  }

  func purchase(_ product: Product) async throws -> Transaction? {
    switch try await product.purchase() {
    case .success(let verification):
      let transaction = try checkVerified(verification)
      await updatePurchasedIDs()
      await transaction.finish()
      return transaction
    case .userCancelled, .pending:
      return nil
    @unknown default:
      return nil
    }
  }

  func updatePurchasedIDs() async {
    var ids: Set<String> = []
    for await result in Transaction.currentEntitlements {
      if case .verified(let transaction) = result, transaction.revocationDate == nil {
        ids.insert(transaction.productID)
      }
    }
    purchasedIDs = ids
  }

  func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified(_, let error): throw error
    case .verified(let safe): return safe
    }
  }
}

/// The page's complete examples, run as written. They install their world, so they run one at a
/// time with the other installing tests (nested in the serialized `SmokeTests`).
extension SmokeTests {
  @Suite final class PageExampleTests {
    init() {
      // Where Xcode would find `selfies.storekit`: in the test bundle. Here, the repository's catalogs.
      let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../catalog").standardizedFileURL
      setenv("STOREBENCH_CONFIGURATION_PATH", catalogs.path, 1)
    }

    deinit {
      unsetenv("STOREBENCH_CONFIGURATION_PATH")
      TestStore.current?.uninstall()
    }

    // docs/storebenchkit.md, "A first test".
    @Test func aRefundTakesTheLevelPackAway() async throws {
      let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../catalog/default.json")
      let store = try TestStore(catalogFile: catalog)
      store.install()
      defer { store.uninstall() }

      let app = await Store()
      try await app.loadProducts()
      let pack = try #require(await app.products.first { $0.id == "level.pack" })
      let transaction = try #require(try await app.purchase(pack))
      #expect(await app.purchasedIDs == ["level.pack"])

      try store.refund(transactionID: transaction.id)  // Apple refunds it
      await store.settle()  // the app's listener has heard it
      #expect(await app.purchasedIDs.isEmpty)
    }

    // docs/storebenchkit.md, "SKTestSession: a test written for Xcode".
    @Test func aSubscriptionWithAutoRenewOffExpires() async throws {
      let session = try SKTestSession(configurationFileNamed: "selfies")
      session.disableDialogs = true
      session.clearTransactions()
      session.timeRate = .oneRenewalEveryTenSeconds

      let products = try await Product.products(for: ["com.example.selfies.sub.allaccess"])
      let product = try #require(products.first)
      guard case .success(.verified(let transaction)) = try await product.purchase() else {
        Issue.record("the purchase did not succeed")
        return
      }
      try session.disableAutoRenewForTransaction(identifier: UInt(transaction.id))

      try session.testStore.advanceClock(by: "10s")  // storebench's: no waiting ten seconds
      let state = try? await product.subscription?.status.first?.state
      #expect(state == .expired)
    }
  }
}
