import Foundation
import StoreBenchKit
import Testing

/// `product.purchase(options:)` and `Product.PurchaseResult`: what a purchase comes to, and the
/// errors it throws, matched as app code matches them.
@Suite struct PurchaseTests {
  /// What an app's purchase button does with the result (the sample code's switch).
  static func outcome(of product: Product, options: Set<Product.PurchaseOption> = []) async throws -> String {
    let result = try await product.purchase(options: options)
    switch result {
    case .success(let verification):
      switch verification {
      case .verified(let transaction):
        await transaction.finish()
        return "verified \(transaction.productID) ×\(transaction.purchasedQuantity)"
      case .unverified(let transaction, let error):
        return "unverified \(transaction.productID): \(error)"
      }
    case .userCancelled:
      return "cancelled"
    case .pending:
      return "pending"
    @unknown default:
      return "unknown"
    }
  }

  @Test func aConsumableIsBoughtVerifiedAndFinished() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let coins = try await Fixtures.product("coins.100")
      #expect(try await Self.outcome(of: coins) == "verified coins.100 ×1")
      #expect(try await Self.outcome(of: coins, options: [.quantity(3)]) == "verified coins.100 ×3")
      #expect(await Fixtures.collect(Transaction.unfinished).isEmpty, "both were finished")
    }
  }

  @Test func aDismissedSheetIsUserCancelledAndChargesNothing() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      store.cancelNextPurchase()
      #expect(try await Self.outcome(of: pack) == "cancelled")
      #expect(await Fixtures.collect(Transaction.all).isEmpty)
      #expect(
        try await Self.outcome(of: pack) == "verified level.pack ×1", "only the next purchase is cancelled")
    }
  }

  @Test func aSuccessCarriesTheSignedTransactionOfThePurchase() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      guard case .success(let verification) = try await pack.purchase() else {
        Issue.record("not a success")
        return
      }
      let transaction = try verification.payloadValue
      #expect(transaction.productID == "level.pack")
      #expect(transaction.productType == .nonConsumable)
      #expect(transaction.id == transaction.originalID)
      #expect(transaction.price == Decimal(string: "2.99"))
      #expect(abs(transaction.purchaseDate.timeIntervalSinceNow) < 60)
      #expect(await Fixtures.collect(Transaction.unfinished).map(\.id) == [transaction.id])
    }
  }

  @Test func aQuantityOutsideOneToTenThrowsInvalidQuantity() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let coins = try await Fixtures.product("coins.100")
      for quantity in [0, 11] {
        do {
          _ = try await coins.purchase(options: [.quantity(quantity)])
          Issue.record("a quantity of \(quantity) was bought")
        } catch Product.PurchaseError.invalidQuantity {
          // As StoreKit throws it.
        }
      }
      #expect(try await Self.outcome(of: coins, options: [.quantity(10)]) == "verified coins.100 ×10")
    }
  }

  @Test func aCustomerWhoMayNotPayIsRefused() async throws {
    let store = try Fixtures.store()
    try await store.run {
      #expect(AppStore.canMakePayments)
      store.setCanMakePayments(false)
      #expect(!AppStore.canMakePayments)
      let pack = try await Fixtures.product("level.pack")
      await #expect(throws: Product.PurchaseError.purchaseNotAllowed) { try await pack.purchase() }
      store.setCanMakePayments(true)
      #expect(try await Self.outcome(of: pack) == "verified level.pack ×1")
    }
  }

  @Test func askToBuyMakesThePurchasePendingAndTheApprovalArrivesThroughUpdates() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let heard = Log<String>()
      let listener = Task {
        for await update in Transaction.updates {
          guard case .verified(let transaction) = update else { continue }
          await heard.add(transaction.productID)
          await transaction.finish()
        }
      }
      defer { listener.cancel() }
      store.setAskToBuy(true)
      let pack = try await Fixtures.product("level.pack")
      #expect(try await Self.outcome(of: pack) == "pending")
      await store.settle()
      #expect(await heard.items.isEmpty)
      try store.approveAskToBuy(productID: "level.pack")
      await store.settle()
      #expect(await heard.items == ["level.pack"])

      #expect(try await Self.outcome(of: try await Fixtures.product("maps.hd")) == "pending")
      try store.declineAskToBuy(productID: "maps.hd")
      await store.settle()
      #expect(await heard.items == ["level.pack"], "a declined purchase never arrives")
      #expect(throws: TestStoreError.self) { try store.approveAskToBuy(productID: "maps.hd") }
    }
  }

  @Test func simulatesAskToBuyInSandboxMakesOnePurchasePending() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      #expect(try await Self.outcome(of: pack, options: [.simulatesAskToBuyInSandbox(true)]) == "pending")
      let maps = try await Fixtures.product("maps.hd")
      #expect(
        try await Self.outcome(of: maps, options: [.simulatesAskToBuyInSandbox(false)])
          == "verified maps.hd ×1")
    }
  }

  @Test func theAppAccountTokenComesBackInTheTransaction() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let token = UUID()
      let transaction = try await Fixtures.buy("level.pack", options: [.appAccountToken(token)])
      #expect(transaction.appAccountToken == token)
      let other = try await Fixtures.buy("maps.hd")
      #expect(other.appAccountToken == nil)
    }
  }

  @Test func customOptionsAndAStorefrontCheckLeaveThePurchaseAsItIs() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let asked = Log<String>()
      let options: Set<Product.PurchaseOption> = [
        .custom(key: "campaign", value: "spring"), .custom(key: "score", value: 0.5),
        .custom(key: "returning", value: true), .custom(key: "blob", value: Data([1, 2])),
        .onStorefrontChange { storefront in
          Task { await asked.add(storefront.countryCode) }
          return false
        },
      ]
      #expect(options.count == 5)
      let pack = try await Fixtures.product("level.pack")
      #expect(try await Self.outcome(of: pack, options: options) == "verified level.pack ×1")
      #expect(await asked.items.isEmpty, "the storefront did not change during the purchase")
    }
  }

  @Test func aSecondPurchaseOfAnOwnedNonConsumableGivesTheSameEntitlement() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let first = try await Fixtures.buy("level.pack")
      await first.finish()
      let second = try await Fixtures.buy("level.pack")
      #expect(second.originalID == first.originalID)
      #expect(await Fixtures.collect(Transaction.currentEntitlements(for: "level.pack")).count == 1)
    }
  }

  @Test func anInterruptedPurchaseDoesNotCharge() async throws {
    let store = try Fixtures.store()
    try await store.run {
      store.setInterruptedPurchases(true)
      let pack = try await Fixtures.product("level.pack")
      let outcome = try? await Self.outcome(of: pack)
      #expect(outcome != "verified level.pack ×1")
      #expect(await Fixtures.collect(Transaction.currentEntitlements).isEmpty)
    }
  }
}
