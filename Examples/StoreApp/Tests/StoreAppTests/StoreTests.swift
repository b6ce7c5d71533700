import Foundation
// TestStore is storebench's own (Apple has no such thing), so this file names StoreBenchKit itself.
import StoreBenchKit
import Testing

@testable import StoreApp

/// The app's store against an App Store of its own: each test makes a TestStore over the default
/// catalog, installs it (one world for the process, which the store's `Task.detached` listeners
/// reach), launches the app's `Store()`, and plays the App Store's and the customer's parts. After
/// every change the App Store makes, `settle()` waits until the app's listeners have handled it:
/// no sleeps, no real time.
@MainActor @Suite(.serialized) struct StoreTests {
  /// `catalog/default.json` at the top of the repository.
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../catalog/default.json").standardizedFileURL

  let testStore: TestStore

  init() throws {
    testStore = try TestStore(catalogFile: Self.catalog)
    testStore.install()
  }

  /// Launches the app's store and waits for its launch work and its listeners.
  func launchApp(signPromotionalOffer: PromotionalOfferSigner? = nil) async -> Store {
    let store = Store(signPromotionalOffer: signPromotionalOffer)
    await store.waitUntilLoaded()
    await testStore.settle()
    return store
  }

  func product(_ id: String, in store: Store) throws -> Product {
    let all = store.consumables + store.nonConsumables + store.subscriptions + store.nonRenewables
    return try #require(all.first { $0.id == id })
  }

  // MARK: Products

  @Test func productsAreSortedIntoTheirKinds() async throws {
    let store = await launchApp()
    #expect(store.consumables.map(\.id) == ["coins.100"])
    #expect(store.nonConsumables.map(\.id) == ["maps.hd", "level.pack"])
    #expect(store.subscriptions.map(\.id) == ["lite.monthly", "pro.monthly", "pro.yearly"])
    #expect(store.nonRenewables.map(\.id) == ["season.pass"])
    let monthly = try product("pro.monthly", in: store)
    let yearly = try product("pro.yearly", in: store)
    #expect(store.periodLabel(try #require(monthly.subscription).subscriptionPeriod) == "per month")
    #expect(store.periodLabel(try #require(yearly.subscription).subscriptionPeriod) == "per year")
    #expect(store.originalAppVersion == "1.0")
  }

  // MARK: Buying

  @Test func buyingANonConsumableUnlocksIt() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    #expect(!store.isPurchased(levels))
    let transaction = try #require(try await store.purchase(levels))
    #expect(transaction.productID == "level.pack")
    #expect(store.isPurchased(levels))
    #expect(await Transaction.unfinished.isEmpty)
  }

  @Test func coinsAreCountedOncePerPurchase() async throws {
    let store = await launchApp()
    let coins = try product("coins.100", in: store)
    try await store.purchase(coins)
    try await store.purchase(coins, options: [.quantity(2)])
    #expect(store.coins == 300)
  }

  @Test func aPurchaseLeftUnfinishedIsDeliveredOnceAtLaunch() async throws {
    // Bought on another device while the app was not running: at launch it is both unfinished and
    // the first thing `Transaction.updates` gives.
    try testStore.purchaseOnAnotherDevice(productID: "coins.100")
    let store = await launchApp()
    #expect(store.coins == 100)
    #expect(await Transaction.unfinished.isEmpty)
  }

  @Test func aPurchaseOnAnotherDeviceReachesTheListener() async throws {
    let store = await launchApp()
    try testStore.purchaseOnAnotherDevice(productID: "maps.hd")
    await testStore.settle()
    let maps = try product("maps.hd", in: store)
    #expect(store.isPurchased(maps))
  }

  // MARK: Subscriptions

  @Test func proIsActiveUntilAYearWithoutRenewalHasPassed() async throws {
    let store = await launchApp()
    let pro = try product("pro.yearly", in: store)
    try await store.purchase(pro)
    #expect(store.isSubscriptionActive)
    #expect(store.hasProAccess)
    #expect(store.subscriptionGroupStatus == .subscribed)
    #expect(store.subscriptionMessage?.hasPrefix("Renews on") == true)

    try testStore.setAutoRenew(false, productID: "pro.yearly")
    await testStore.settle()
    #expect(store.subscriptionMessage?.hasPrefix("Ends on") == true)
    #expect(store.isSubscriptionActive)

    try testStore.advanceClock(by: "1y")
    await testStore.settle()
    // The app compares the expiration date with Date(): the world's dates moved back by a year.
    #expect(try #require(store.latestSubscriptionTransaction?.expirationDate) < Date())
    #expect(!store.isSubscriptionActive)
    #expect(!store.isPurchased(pro))
    #expect(store.subscriptionGroupStatus == .expired)
  }

  @Test func renewalsKeepProActive() async throws {
    let store = await launchApp()
    let first = try #require(try await store.purchase(try product("pro.monthly", in: store)))
    try testStore.advanceClock(by: "3mo")
    await testStore.settle()
    let latest = try #require(store.latestSubscriptionTransaction)
    #expect(latest.originalID == first.id)
    #expect(latest.id != first.id)
    #expect(store.isSubscriptionActive)
  }

  @Test func aRefundLocksTheProduct() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    let transaction = try #require(try await store.purchase(levels))
    try testStore.refund(transactionID: transaction.id)
    await testStore.settle()
    #expect(!store.isPurchased(levels))
  }

  @Test func aRefundedSubscriptionIsNoLongerActive() async throws {
    let store = await launchApp()
    let transaction = try #require(try await store.purchase(try product("pro.monthly", in: store)))
    try testStore.refund(transactionID: transaction.id)
    await testStore.settle()
    #expect(store.latestSubscriptionTransaction?.revocationDate != nil)
    #expect(!store.isSubscriptionActive)
    #expect(store.subscriptionGroupStatus == .revoked)
  }

  @Test("purchase, refund, settle, check locked: 100 runs out of 100")
  func refundLocksEveryTime() async throws {
    var locked = 0
    for _ in 0..<100 {
      let testStore = try TestStore(catalogFile: Self.catalog)
      testStore.install()
      let store = Store()
      await store.waitUntilLoaded()
      let levels = try product("level.pack", in: store)
      let transaction = try #require(try await store.purchase(levels))
      try testStore.refund(transactionID: transaction.id)
      await testStore.settle()
      if !store.isPurchased(levels) { locked += 1 }
    }
    #expect(locked == 100)
  }

  // MARK: Ask to Buy

  @Test func askToBuyWaitsThenTheApprovalReachesTheListener() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    testStore.setAskToBuy(true)
    #expect(try await store.purchase(levels) == nil)
    #expect(store.pendingProductIDs == ["level.pack"])
    #expect(!store.isPurchased(levels))

    try testStore.approveAskToBuy(productID: "level.pack")
    await testStore.settle()
    #expect(store.isPurchased(levels))
    #expect(store.pendingProductIDs.isEmpty)
  }

  @Test func askToBuyDeclinedDeliversNothing() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    testStore.setAskToBuy(true)
    try await store.purchase(levels)
    try testStore.declineAskToBuy(productID: "level.pack")
    await testStore.settle()
    #expect(!store.isPurchased(levels))
  }

  // MARK: Billing trouble

  @Test func billingRetryLocksProUntilTheCustomerFixesBilling() async throws {
    let store = await launchApp()
    try await store.purchase(try product("pro.monthly", in: store))
    testStore.setBillingRetry(true)
    try testStore.advanceClock(by: "8d")  // past the week's free trial: the renewal fails
    await testStore.settle()
    #expect(store.subscriptionGroupStatus == .inBillingRetryPeriod)
    #expect(!store.hasProAccess)
    #expect(store.purchasedSubscriptions.isEmpty)
    #expect(store.subscriptionMessage == "There is a problem with your payment method.")

    try testStore.fixBilling()
    await testStore.settle()
    #expect(store.subscriptionGroupStatus == .subscribed)
    #expect(store.hasProAccess)
  }

  @Test func theGracePeriodKeepsPro() async throws {
    let store = await launchApp()
    try await store.purchase(try product("pro.monthly", in: store))
    testStore.setBillingRetry(true)
    testStore.setGracePeriod(days: 16)
    try testStore.advanceClock(by: "8d")
    await testStore.settle()
    #expect(store.subscriptionGroupStatus == .inGracePeriod)
    #expect(store.hasProAccess)
    #expect(store.purchasedSubscriptions.map(\.id) == ["pro.monthly"])
    // The period's end has passed: an app that only compared it with Date() would lock Pro.
    #expect(!store.isSubscriptionActive)
    #expect(store.subscriptionMessage?.hasPrefix("Update your payment method by") == true)
  }

  // MARK: Restoring, verification, offers

  @Test func restoreSyncsWithTheAppStore() async throws {
    try testStore.purchaseOnAnotherDevice(productID: "level.pack")
    let store = await launchApp()
    try await store.restorePurchases()
    #expect(store.isPurchased(try product("level.pack", in: store)))
  }

  @Test func anUnverifiedPurchaseIsNotDelivered() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    testStore.unverifiedNext(.invalidSignature)
    await #expect(throws: StoreError.failedVerification) { try await store.purchase(levels) }
    #expect(!store.isPurchased(levels))
  }

  @Test func anUnverifiedUpdateIsNotDelivered() async throws {
    let store = await launchApp()
    let levels = try product("level.pack", in: store)
    testStore.setAskToBuy(true)
    try await store.purchase(levels)
    testStore.unverifiedNext(.invalidSignature)
    try testStore.approveAskToBuy(productID: "level.pack")
    await testStore.settle()
    #expect(store.unverifiedProductIDs == ["level.pack"])
    #expect(!store.isPurchased(levels))
  }

  @Test func theIntroductoryOfferIsForNewSubscribersOnly() async throws {
    let store = await launchApp()
    let pro = try product("pro.monthly", in: store)
    let lite = try product("lite.monthly", in: store)
    #expect(await store.isEligibleForIntroOffer(pro))
    #expect(await store.introOfferText(for: pro) == "1 week free")
    #expect(await store.introOfferText(for: lite) == "$0.99 per month for 3 months")

    let transaction = try #require(try await store.purchase(pro))
    #expect(transaction.offer?.type == .introductory)
    #expect(transaction.offer?.paymentMode == .freeTrial)

    // Once per group: Lite is in Pro's group.
    #expect(!(await store.isEligibleForIntroOffer(pro)))
    #expect(!(await store.isEligibleForIntroOffer(lite)))
    #expect(await store.introOfferText(for: pro) == nil)
  }

  @Test func aLapsedSubscriberBuysAPromotionalOfferSignedByTheServer() async throws {
    var store = await launchApp()
    try await store.purchase(try product("pro.monthly", in: store))
    try testStore.setAutoRenew(false, productID: "pro.monthly")
    try testStore.advanceClock(by: "1mo")
    await testStore.settle()
    #expect(!store.isSubscriptionActive)

    // A month later the customer opens the app; its server signs with the In-App Purchase key
    // the App Store knows (the signer signs at the time it was made: make it now).
    let signer = try testStore.makeOfferKey(id: "PROMO1")
    store = await launchApp { productID, offerID in
      try signer.promotionalOfferJWS(productID: productID, offerID: offerID)
    }
    let pro = try product("pro.monthly", in: store)
    let offer = try #require(pro.subscription?.promotionalOffers.first)
    #expect(offer.id == "pro.winback")
    let transaction = try #require(try await store.purchase(pro, promotionalOffer: offer))
    #expect(transaction.offer?.type == .promotional)
    #expect(transaction.offer?.id == "pro.winback")
    #expect(transaction.price == Decimal(string: "1.99"))
    #expect(store.isSubscriptionActive)
  }

  @Test func aPromotionalOfferWithoutTheServersSignatureIsRefused() async throws {
    let store = await launchApp { _, _ in "not.a.jws" }
    let pro = try product("pro.monthly", in: store)
    try await store.purchase(pro)
    let offer = try #require(pro.subscription?.promotionalOffers.first)
    await #expect(throws: Product.PurchaseError.self) {
      try await store.purchase(pro, promotionalOffer: offer)
    }
  }
}

extension Transaction.Transactions {
  /// Whether the sequence gives nothing.
  var isEmpty: Bool {
    get async {
      for await _ in self { return false }
      return true
    }
  }
}
