import Foundation
import StoreBenchKit
import Synchronization

/// StoreKitTest's `SKTestSession` over storebench's world: a test written for Xcode's StoreKit
/// Testing runs with its imports changed and nothing else, on Linux and macOS, with no host app.
///
/// As in Xcode there is one test environment: making a session installs its world for the whole
/// process (``TestStore/install()``), so the app's StoreKit calls, its `Task.detached` listener
/// included, reach it. Its clock is the wall clock; a time rate makes periods exactly as long as
/// Xcode says, and ``testStore`` moves time without waiting (`advanceClock(by:)`) and waits for
/// the app's listeners (`settle()`).
public final class SKTestSession: Sendable {
  /// The world behind the session, for what StoreKitTest has no call for.
  public let testStore: TestStore
  private let kept = Mutex(Kept())

  /// What the session remembers that the world does not.
  private struct Kept {
    var disableDialogs = false
    var failTransactions = false
    var failureError = SKError.Code.unknown
    var failures: [TestStore.FailableCall: any SKTestFailure] = [:]
  }

  /// Opens a StoreKit configuration file (`.storekit`, or a storebench catalog) by its name, as
  /// Xcode finds it in the test bundle: here in the test target's resources, the bundles beside
  /// the test binary, the current directory, or the directories `STOREBENCH_CONFIGURATION_PATH`
  /// lists (colon-separated).
  ///
  /// - Parameter filename: The file's name, with or without `.storekit`.
  /// - Throws: ``SKTestError`` `fileNotFound`, naming where it looked.
  public convenience init(configurationFileNamed filename: String) throws {
    try self.init(contentsOf: ConfigurationFile.find(named: filename))
  }

  /// Opens a StoreKit configuration file.
  ///
  /// - Parameter fileURL: A `.storekit` file (or a storebench catalog).
  /// - Throws: ``SKTestError`` `invalidURL` or `fileNotFound`, or `invalidAction` for a file that
  ///   does not load, saying why.
  public init(contentsOf fileURL: URL) throws {
    do {
      testStore = try TestStore.session(configuration: fileURL)
    } catch {
      throw SKTestError(error)
    }
  }

  // MARK: Settings

  /// New purchases wait for a parent's approval.
  public var askToBuyEnabled: Bool {
    get { testStore.sessionSettings.askToBuy }
    set { testStore.sessionSettings.askToBuy = newValue }
  }

  /// Whether payment sheets are skipped. storebench shows none: purchases never wait for one.
  public var disableDialogs: Bool {
    get { kept.withLock { $0.disableDialogs } }
    set { kept.withLock { $0.disableDialogs = newValue } }
  }

  /// Purchases are interrupted until ``resolveIssueForTransaction(identifier:)``.
  public var interruptedPurchasesEnabled: Bool {
    get { testStore.sessionSettings.interruptedPurchases }
    set { testStore.sessionSettings.interruptedPurchases = newValue }
  }

  /// Purchases fail with ``failureError``.
  @available(*, deprecated, message: "No longer supported. Use simulatedError(forAPI:)")
  public var failTransactionsEnabled: Bool {
    get { kept.withLock { $0.failTransactions } }
    set {
      let code = kept.withLock { kept in
        kept.failTransactions = newValue
        return kept.failureError
      }
      testStore.setFailingPurchases(code: newValue ? code.rawValue : nil)
    }
  }

  /// The error purchases fail with while ``failTransactionsEnabled`` is on: `unknown`,
  /// `invalidOfferIdentifier`, `invalidSignature`, `missingOfferParams` or `invalidOfferPrice`.
  @available(*, deprecated, message: "No longer supported. Use simulatedError(forAPI:)")
  public var failureError: SKError.Code {
    get { kept.withLock { $0.failureError } }
    set {
      let failing = kept.withLock { kept in
        kept.failureError = newValue
        return kept.failTransactions
      }
      if failing { testStore.setFailingPurchases(code: newValue.rawValue) }
    }
  }

  /// Renewals fail for billing reasons and subscriptions enter billing retry.
  public var shouldEnterBillingRetryOnRenewal: Bool {
    get { testStore.sessionSettings.billingRetry }
    set { testStore.sessionSettings.billingRetry = newValue }
  }

  /// Billing retry starts with a grace period, access going on.
  public var billingGracePeriodIsEnabled: Bool {
    get { testStore.sessionSettings.gracePeriod }
    set { testStore.sessionSettings.gracePeriod = newValue }
  }

  /// The storefront (ISO 3166-1 alpha-3, such as `USA`); one storebench does not know is ignored.
  public var storefront: String {
    get { testStore.sessionSettings.storefront }
    set {
      if testStore.knowsStorefront(newValue) { testStore.sessionSettings.storefront = newValue.uppercased() }
    }
  }

  /// The locale products are described in.
  public var locale: Locale {
    get { Locale(identifier: testStore.sessionSettings.locale) }
    set { testStore.sessionSettings.locale = newValue.identifier }
  }

  /// How fast subscriptions renew.
  public var timeRate: SKTestSession.TimeRate {
    get { TimeRate(rawValue: testStore.sessionSettings.timeRate) ?? .realTime }
    set { testStore.sessionSettings.timeRate = newValue.rawValue }
  }

  // MARK: The environment

  /// Back to the configuration file's settings, with no armed error.
  public func resetToDefaultState() {
    kept.withLock { $0 = Kept() }
    testStore.resetToFileSettings()
  }

  /// Every transaction of the environment.
  public func allTransactions() -> [SKTestTransaction] {
    testStore.testTransactions().map(SKTestTransaction.init)
  }

  /// Removes every transaction.
  public func clearTransactions() {
    try? testStore.clearTransactions()
  }

  /// Removes a transaction (a subscription's original purchase takes its renewals with it).
  public func deleteTransaction(identifier: UInt) throws {
    try call { try testStore.deleteTransaction(UInt64(identifier)) }
  }

  /// Removes a transaction.
  public func deleteTransaction(identifier: Int) throws {
    try deleteTransaction(identifier: try Self.identifier(identifier))
  }

  // MARK: Purchases

  /// Buys a product outside the app, as Xcode's Transaction Manager does: the app hears it through
  /// `Transaction.updates`.
  @available(*, deprecated, renamed: "buyProduct(identifier:options:)")
  public func buyProduct(productIdentifier: String) throws {
    try call { _ = try testStore.buyOutsideTheApp(productIdentifier, options: []) }
  }

  /// Buys a product outside the app (`.purchaseDate(_:renewalBehavior:)` backdates it).
  ///
  /// - Returns: The transaction.
  @discardableResult
  public func buyProduct(
    identifier: Product.ID, options: Set<Product.PurchaseOption> = []
  ) async throws
    -> Transaction
  {
    do {
      return try testStore.buyOutsideTheApp(identifier, options: options)
    } catch {
      throw SKTestError(error)
    }
  }

  /// Refunds a transaction: the app hears the revocation through `Transaction.updates`.
  public func refundTransaction(identifier: UInt) throws {
    try call { try testStore.refund(transactionID: UInt64(identifier)) }
  }

  /// Refunds a transaction.
  public func refundTransaction(identifier: Int) throws {
    try refundTransaction(identifier: try Self.identifier(identifier))
  }

  /// A parent approves a purchase waiting for Ask to Buy.
  public func approveAskToBuyTransaction(identifier: UInt) throws {
    try call { try testStore.decideAskToBuy(UInt64(identifier), approve: true) }
  }

  /// A parent approves a purchase waiting for Ask to Buy.
  public func approveAskToBuyTransaction(identifier: Int) throws {
    try approveAskToBuyTransaction(identifier: try Self.identifier(identifier))
  }

  /// A parent declines a purchase waiting for Ask to Buy.
  public func declineAskToBuyTransaction(identifier: UInt) throws {
    try call { try testStore.decideAskToBuy(UInt64(identifier), approve: false) }
  }

  /// A parent declines a purchase waiting for Ask to Buy.
  public func declineAskToBuyTransaction(identifier: Int) throws {
    try declineAskToBuyTransaction(identifier: try Self.identifier(identifier))
  }

  /// Resolves an interrupted purchase, or a subscription's billing issue.
  public func resolveIssueForTransaction(identifier: UInt) throws {
    try call { try testStore.resolveIssue(UInt64(identifier)) }
  }

  /// Resolves an interrupted purchase, or a subscription's billing issue.
  public func resolveIssueForTransaction(identifier: Int) throws {
    try resolveIssueForTransaction(identifier: try Self.identifier(identifier))
  }

  // MARK: Subscriptions

  /// The subscription expires now.
  public func expireSubscription(productIdentifier: String) throws {
    try call { try testStore.expire(productID: productIdentifier) }
  }

  /// The subscription's period ends now and the next one starts.
  public func forceRenewalOfSubscription(productIdentifier: String) throws {
    try call { try testStore.renew(productID: productIdentifier) }
  }

  /// Turns the subscription's auto-renew on.
  public func enableAutoRenewForTransaction(identifier: UInt) throws {
    try call { try testStore.setAutoRenew(true, transaction: UInt64(identifier)) }
  }

  /// Turns the subscription's auto-renew on.
  public func enableAutoRenewForTransaction(identifier: Int) throws {
    try enableAutoRenewForTransaction(identifier: try Self.identifier(identifier))
  }

  /// Turns the subscription's auto-renew off: it expires at the end of its period.
  public func disableAutoRenewForTransaction(identifier: UInt) throws {
    try call { try testStore.setAutoRenew(false, transaction: UInt64(identifier)) }
  }

  /// Turns the subscription's auto-renew off.
  public func disableAutoRenewForTransaction(identifier: Int) throws {
    try disableAutoRenewForTransaction(identifier: try Self.identifier(identifier))
  }

  /// The customer is asked to consent to a price increase of the subscription.
  public func requestPriceIncreaseConsentForTransaction(identifier: UInt) throws {
    try call { try testStore.requestPriceConsent(transaction: UInt64(identifier)) }
  }

  /// The customer is asked to consent to a price increase of the subscription.
  public func requestPriceIncreaseConsentForTransaction(identifier: Int) throws {
    try requestPriceIncreaseConsentForTransaction(identifier: try Self.identifier(identifier))
  }

  /// The customer consents to the price increase.
  public func consentToPriceIncreaseForTransaction(identifier: UInt) throws {
    try call { try testStore.answerPriceConsent(accept: true, transaction: UInt64(identifier)) }
  }

  /// The customer consents to the price increase.
  public func consentToPriceIncreaseForTransaction(identifier: Int) throws {
    try consentToPriceIncreaseForTransaction(identifier: try Self.identifier(identifier))
  }

  /// The customer declines the price increase: auto-renew turns off.
  public func declinePriceIncreaseForTransaction(identifier: UInt) throws {
    try call { try testStore.answerPriceConsent(accept: false, transaction: UInt64(identifier)) }
  }

  /// The customer declines the price increase.
  public func declinePriceIncreaseForTransaction(identifier: Int) throws {
    try declinePriceIncreaseForTransaction(identifier: try Self.identifier(identifier))
  }

  // MARK: Simulated errors

  /// Makes every call of a StoreKit API fail with an error, until it is set to `nil`.
  public func setSimulatedError<API: FailableStoreKitAPI>(_ error: API.Failure?, forAPI api: API) async throws
  {
    let call = Self.call(of: api)
    testStore.setSimulatedError(error?._thrownError, for: call)
    kept.withLock { $0.failures[call] = error }
  }

  /// The error armed for a StoreKit API, if any.
  public func simulatedError<API: FailableStoreKitAPI>(forAPI api: API) async -> API.Failure? {
    let call = Self.call(of: api)
    guard testStore.simulatedError(for: call) != nil || call == .manageSubscriptions else { return nil }
    return kept.withLock { $0.failures[call] } as? API.Failure
  }

  // MARK: Helpers

  /// Runs a call, its refusal an ``SKTestError``.
  private func call(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch {
      throw SKTestError(error)
    }
  }

  /// An identifier passed as `Int`, as Apple's documentation writes them.
  private static func identifier(_ value: Int) throws -> UInt {
    guard let identifier = UInt(exactly: value) else {
      throw SKTestError(.noTransactionFound, message: "\(value) is not a transaction identifier")
    }
    return identifier
  }

  /// The store's name of a StoreKit API.
  private static func call<API: FailableStoreKitAPI>(of api: API) -> TestStore.FailableCall {
    switch api {
    case is StoreKitLoadProductsAPI: .loadProducts
    case is StoreKitPurchaseAPI: .purchase
    case is StoreKitVerificationAPI: .verification
    case is StoreKitAppStoreSyncAPI: .appStoreSync
    case is StoreKitSubscriptionStatusAPI: .subscriptionStatus
    case is StoreKitAppTransactionAPI: .appTransaction
    case is StoreKitManageSubscriptionsAPI: .manageSubscriptions
    case is StoreKitRefundRequestAPI: .refundRequest
    default: .offerCodeRedeem
    }
  }
}
