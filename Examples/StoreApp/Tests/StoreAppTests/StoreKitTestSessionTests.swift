import XCTest

@testable import StoreApp

#if STOREBENCH
  import StoreBenchKit
  import StoreBenchKitTest
#else
  import StoreKit
  import StoreKitTest
#endif

/// The app's store under StoreKit Testing, written as an Xcode team writes SKTestSession tests.
/// storebench runs them with no host app, on Linux as on macOS; where Xcode's tests sleep for the
/// app's listener or for an accelerated renewal, these call `session.testStore` (storebench's
/// addition): `settle()` and `advanceClock(by:)`.
@MainActor final class StoreKitTestSessionTests: XCTestCase {
  private var session: SKTestSession!
  private var store: Store!

  override func setUp() async throws {
    session = try SKTestSession(configurationFileNamed: "Products")
    session.resetToDefaultState()
    session.disableDialogs = true
    session.clearTransactions()
    store = Store()
    await store.waitUntilLoaded()
  }

  override func tearDown() async throws {
    // Releasing the store cancels its listeners; the next test's session is a new world.
    store = nil
    session = nil
  }

  /// Waits until the app's listeners have handled what the App Store did: storebench's
  /// replacement for the sleeps Xcode tests need.
  private func settle() async {
    await session.testStore.settle()
  }

  private func product(_ id: String) throws -> Product {
    let all = store.consumables + store.nonConsumables + store.subscriptions + store.nonRenewables
    return try XCTUnwrap(all.first { $0.id == id }, "no product \(id)")
  }

  private func subscribeToProMonthly() async throws -> Transaction {
    let transaction = try await store.purchase(try product("pro.monthly"))
    return try XCTUnwrap(transaction)
  }

  // MARK: Buying

  func testBuyingOutsideTheAppReachesTheListener() async throws {
    let transaction = try await session.buyProduct(identifier: "level.pack")
    await settle()
    XCTAssertEqual(transaction.productID, "level.pack")
    let levels = try product("level.pack")
    XCTAssertTrue(store.isPurchased(levels))
  }

  func testAnInAppPurchaseUnlocksTheProduct() async throws {
    let levels = try product("level.pack")
    let transaction = try await store.purchase(levels)
    XCTAssertNotNil(transaction)
    XCTAssertTrue(store.isPurchased(levels))
    XCTAssertEqual(session.allTransactions().map(\.productIdentifier), ["level.pack"])
  }

  // MARK: Ask to Buy

  func testAskToBuyApproved() async throws {
    session.askToBuyEnabled = true
    let levels = try product("level.pack")
    let result = try await store.purchase(levels)
    XCTAssertNil(result)
    XCTAssertFalse(store.isPurchased(levels))

    let pending = try XCTUnwrap(session.allTransactions().first { $0.pendingAskToBuyConfirmation })
    try session.approveAskToBuyTransaction(identifier: pending.identifier)
    await settle()
    XCTAssertTrue(store.isPurchased(levels))
  }

  func testAskToBuyDeclined() async throws {
    session.askToBuyEnabled = true
    let levels = try product("level.pack")
    try await store.purchase(levels)

    let pending = try XCTUnwrap(session.allTransactions().first { $0.pendingAskToBuyConfirmation })
    try session.declineAskToBuyTransaction(identifier: pending.identifier)
    await settle()
    XCTAssertFalse(store.isPurchased(levels))
    XCTAssertFalse(session.allTransactions().contains { $0.pendingAskToBuyConfirmation })
  }

  // MARK: Subscriptions

  func testExpireSubscription() async throws {
    _ = try await subscribeToProMonthly()
    XCTAssertTrue(store.isSubscriptionActive)

    try session.expireSubscription(productIdentifier: "pro.monthly")
    await settle()
    XCTAssertFalse(store.isSubscriptionActive)
    XCTAssertEqual(store.subscriptionGroupStatus, .expired)
  }

  func testForceRenewal() async throws {
    let first = try await subscribeToProMonthly()

    try session.forceRenewalOfSubscription(productIdentifier: "pro.monthly")
    await settle()
    let renewal = try XCTUnwrap(store.latestSubscriptionTransaction)
    XCTAssertNotEqual(renewal.id, first.id)
    XCTAssertEqual(renewal.originalID, first.id)
    XCTAssertTrue(store.isSubscriptionActive)
  }

  func testRefund() async throws {
    let levels = try product("level.pack")
    let purchased = try await store.purchase(levels)
    let transaction = try XCTUnwrap(purchased)

    try session.refundTransaction(identifier: UInt(transaction.id))
    await settle()
    XCTAssertFalse(store.isPurchased(levels))
  }

  func testAForcedRenewalEntersBillingRetry() async throws {
    session.shouldEnterBillingRetryOnRenewal = true
    _ = try await subscribeToProMonthly()

    try session.forceRenewalOfSubscription(productIdentifier: "pro.monthly")
    await settle()
    XCTAssertEqual(store.subscriptionGroupStatus, .inBillingRetryPeriod)
    XCTAssertFalse(store.hasProAccess)

    let troubled = try XCTUnwrap(session.allTransactions().first { $0.hasPurchaseIssue })
    try session.resolveIssueForTransaction(identifier: troubled.identifier)
    await settle()
    XCTAssertEqual(store.subscriptionGroupStatus, .subscribed)
    XCTAssertTrue(store.hasProAccess)
  }

  func testBillingRetryAtTheEndOfThePeriodThenTheIssueIsResolved() async throws {
    session.shouldEnterBillingRetryOnRenewal = true
    _ = try await subscribeToProMonthly()

    // The week's free trial ends and its renewal fails: storebench moves the clock (its addition).
    try session.testStore.advanceClock(by: "8d")
    await settle()
    XCTAssertEqual(store.subscriptionGroupStatus, .inBillingRetryPeriod)
    XCTAssertFalse(store.hasProAccess)

    let troubled = try XCTUnwrap(session.allTransactions().first { $0.hasPurchaseIssue })
    try session.resolveIssueForTransaction(identifier: troubled.identifier)
    await settle()
    XCTAssertEqual(store.subscriptionGroupStatus, .subscribed)
    XCTAssertTrue(store.hasProAccess)
  }

  func testPriceIncreaseConsented() async throws {
    let transaction = try await subscribeToProMonthly()

    try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
    await settle()
    XCTAssertTrue(store.isPriceIncreasePending)
    XCTAssertTrue(session.allTransactions().contains { $0.isPendingPriceIncreaseConsent })

    try session.consentToPriceIncreaseForTransaction(identifier: UInt(transaction.id))
    await settle()
    XCTAssertFalse(store.isPriceIncreasePending)
    XCTAssertTrue(store.subscriptionMessage?.hasPrefix("Renews on") == true)
  }

  func testPriceIncreaseDeclined() async throws {
    let transaction = try await subscribeToProMonthly()

    try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
    try session.declinePriceIncreaseForTransaction(identifier: UInt(transaction.id))
    await settle()
    XCTAssertTrue(store.subscriptionMessage?.hasPrefix("Ends on") == true)
    XCTAssertTrue(store.isSubscriptionActive)
  }

  func testAnAcceleratedRenewalWithoutWaiting() async throws {
    session.timeRate = .oneRenewalEveryTwoSeconds
    let first = try await subscribeToProMonthly()

    // Xcode's test would sleep two seconds; storebench moves the clock (its addition to SKTestSession).
    try session.testStore.advanceClock(by: "2s")
    await settle()
    let renewal = try XCTUnwrap(store.latestSubscriptionTransaction)
    XCTAssertEqual(renewal.originalID, first.id)
    XCTAssertNotEqual(renewal.id, first.id)
    XCTAssertTrue(store.isSubscriptionActive)
  }

  // MARK: Simulated errors

  func testLoadingProductsOffline() async throws {
    try await session.setSimulatedError(
      .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
    let offline = Store()
    await offline.waitUntilLoaded()
    XCTAssertTrue(offline.nonConsumables.isEmpty)

    try await session.setSimulatedError(nil, forAPI: .loadProducts)
    await offline.requestProducts()
    XCTAssertEqual(offline.nonConsumables.map(\.id), ["maps.hd", "level.pack"])
  }

  func testRestoreWhileOffline() async throws {
    try await session.setSimulatedError(
      .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .appStoreSync)
    do {
      try await store.restorePurchases()
      XCTFail("the restore went through")
    } catch StoreKitError.networkError(let error) {
      XCTAssertEqual(error.code, .notConnectedToInternet)
    }

    try await session.setSimulatedError(nil, forAPI: .appStoreSync)
    try await store.restorePurchases()
  }

  func testAPurchaseThatIsNotAllowed() async throws {
    let levels = try product("level.pack")
    try await session.setSimulatedError(.purchase(.purchaseNotAllowed), forAPI: .purchase)
    do {
      try await store.purchase(levels)
      XCTFail("the purchase went through")
    } catch let error as Product.PurchaseError {
      XCTAssertEqual(error, .purchaseNotAllowed)
    }
    XCTAssertFalse(store.isPurchased(levels))

    try await session.setSimulatedError(nil, forAPI: .purchase)
    try await store.purchase(levels)
    XCTAssertTrue(store.isPurchased(levels))
  }
}
