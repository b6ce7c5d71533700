import Catalog
import Foundation
import Queue
import Simulation
import Store
import Vocabulary

/// What StoreKitTest's `SKTestSession` asks of the store (the StoreBenchKitTest module): Xcode's
/// test environment over the same world.
extension TestStore {
  /// A store for a StoreKit configuration file, as Xcode's test environment makes one: signed as
  /// the `Xcode` environment, on the wall clock, installed for the process (Xcode has one test
  /// environment: every session drives it).
  ///
  /// - Throws: ``TestStoreError`` of kind `fileNotFound` or `invalidURL`.
  package static func session(configuration url: URL) throws(TestStoreError) -> TestStore {
    guard url.isFileURL else { throw TestStoreError("\(url) is not a file URL", kind: .invalidURL) }
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw TestStoreError("no StoreKit configuration file at \(url.path)", kind: .fileNotFound)
    }
    let store = try TestStore(catalogFile: url)
    store.withEngine { $0.world.environment = .xcode }
    store.install()
    return store
  }

  /// The switches of Xcode's test environment.
  package struct SessionSettings: Sendable {
    package var askToBuy: Bool
    package var interruptedPurchases: Bool
    package var billingRetry: Bool
    package var gracePeriod: Bool
    package var storefront: String
    package var locale: String
    /// The rate, as `SKTestSession.TimeRate`'s raw value.
    package var timeRate: Int
  }

  /// The environment's switches now; setting them sets the world's.
  package var sessionSettings: SessionSettings {
    get {
      withEngine { engine in
        let store = engine.world.store
        return SessionSettings(
          askToBuy: store.isAskToBuyOn, interruptedPurchases: store.isInterruptedPurchasesOn,
          billingRetry: store.isBillingRetryOn, gracePeriod: store.gracePeriodDays != nil,
          storefront: store.storefront.id, locale: store.locale, timeRate: store.timeRate.xcodeRawValue ?? 0)
      }
    }
    set {
      withEngine { engine in
        let store = engine.world.store
        store.isAskToBuyOn = newValue.askToBuy
        store.isInterruptedPurchasesOn = newValue.interruptedPurchases
        store.isBillingRetryOn = newValue.billingRetry
        store.gracePeriodDays = newValue.gracePeriod ? StoreKitSettingsPlan.gracePeriodDays : nil
        store.locale = newValue.locale
        if let rate = TimeRate(xcodeRawValue: newValue.timeRate) { store.timeRate = rate }
        if newValue.storefront != store.storefront.id {
          engine.step { try? engine.world.changeStorefront(to: newValue.storefront) }
        }
      }
    }
  }

  /// Whether a rate is one the store simulates (`SKTestSession.TimeRate`'s raw value).
  package static func simulatesTimeRate(_ raw: Int) -> Bool { TimeRate(xcodeRawValue: raw) != nil }

  /// Whether a storefront is one the store knows (ISO 3166-1 alpha-3).
  package func knowsStorefront(_ code: String) -> Bool {
    withEngine { $0.world.store.catalog.storefront(code) != nil }
  }

  /// Back to the configuration file's settings: every switch, the storefront, the locale, and no
  /// armed error.
  package func resetToFileSettings() {
    withEngine { engine in
      let store = engine.world.store
      store.timeRate = .real
      store.locale = store.catalog.baseStorefront.defaultLocale
      store.isAskToBuyOn = false
      store.isBillingRetryOn = false
      store.gracePeriodDays = nil
      store.isInterruptedPurchasesOn = false
      store.faults = FaultPlan()
      engine.simulatedErrors = [:]
      engine.device.queue.canMakePayments = true
      store.apply(StoreKitSettingsPlan(catalog: store.catalog))
      engine.step { try? engine.world.changeStorefront(to: store.catalog.baseStorefront.id) }
    }
  }

  // MARK: Failures

  /// The StoreKit calls a test can make fail, as StoreKitTest names them.
  package enum FailableCall: Sendable, CaseIterable {
    case loadProducts, purchase, verification, appStoreSync, subscriptionStatus, appTransaction
    case manageSubscriptions, refundRequest, offerCodeRedeem

    /// The world's name of the call; `nil` for a call storebench has no stand-in for (a sheet).
    var api: FaultPlan.API? {
      switch self {
      case .loadProducts: .products
      case .purchase: .buy
      case .verification: .verification
      case .appStoreSync: .restore
      case .subscriptionStatus: .subscriptionStatus
      case .appTransaction: .appTransaction
      case .refundRequest: .refundRequest
      case .offerCodeRedeem: .redeem
      case .manageSubscriptions: nil
      }
    }
  }

  /// Makes every call fail with an error until it is set to `nil` (`setSimulatedError(_:forAPI:)`).
  package func setSimulatedError(_ error: (any Error)?, for call: FailableCall) {
    withEngine { engine in
      guard let api = call.api else { return }
      engine.world.store.faults.armStanding(api, error: error == nil ? nil : .unknown)
      engine.simulatedErrors[api] = error
    }
  }

  /// The error armed for a call, if any.
  package func simulatedError(for call: FailableCall) -> (any Error)? {
    withEngine { engine in call.api.flatMap { engine.simulatedErrors[$0] } }
  }

  /// Makes purchases fail with an SKError code, or stops that (`failTransactionsEnabled`).
  package func setFailingPurchases(code: Int?) {
    withEngine { engine in
      let error = code.map { SKErrorCode(rawValue: $0) ?? .unknown }
      engine.world.store.faults.armStanding(.buy, error: error)
      engine.simulatedErrors[.buy] = nil
    }
  }

  // MARK: Transactions

  /// What `SKTestSession.allTransactions()` shows of one transaction, dated for the app.
  package struct TestTransactionFacts: Sendable {
    package var identifier: UInt64
    package var originalIdentifier: UInt64
    package var productID: String
    package var purchaseDate: Date
    package var cancelDate: Date?
    package var expirationDate: Date?
    /// `SKPaymentTransactionState`'s raw value.
    package var state: Int
    package var autoRenews: Bool
    package var hasPurchaseIssue: Bool
    package var waitsForAskToBuy: Bool
    package var waitsForPriceConsent: Bool
  }

  /// Every transaction of the environment: the account's history, and the purchases that wait
  /// (Ask to Buy) or were interrupted, by their handle on the device.
  package func testTransactions() -> [TestTransactionFacts] {
    withEngine { $0.testTransactions() }
  }

  /// Removes every transaction (`clearTransactions()`).
  package func clearTransactions() throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in try engine.clearTransactions() }
  }

  /// Removes a transaction, and a subscription's renewals with its original purchase
  /// (`deleteTransaction(identifier:)`).
  package func deleteTransaction(_ identifier: UInt64) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in try engine.deleteTransaction(identifier) }
  }

  /// A parent approves or declines a purchase waiting for Ask to Buy, by its identifier.
  package func decideAskToBuy(_ identifier: UInt64, approve: Bool) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in
      let waiting = engine.device.queue.transactions.first {
        $0.handle == Int(identifier) && $0.state == .deferred
      }
      guard let waiting else {
        throw TestStoreError("no purchase \(identifier) waits for Ask to Buy", kind: .noTransactionFound)
      }
      try engine.stepRefusing { () throws(QueueError) in
        if approve {
          try engine.device.queue.approve(waiting)
        } else {
          try engine.device.queue.decline(waiting)
        }
      }
    }
  }

  /// Resolves an interrupted purchase, or the billing issue of a subscription in billing retry.
  package func resolveIssue(_ identifier: UInt64) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in
      if let interrupted = engine.world.registry.transaction(handle: Int(identifier)),
        interrupted.device == engine.device.name, interrupted.isInterrupted, interrupted.resolution == nil
      {
        try engine.stepRefusing { () throws(QueueError) in _ = try engine.device.queue.resolve(interrupted) }
        return
      }
      let (account, state) = try engine.subscription(ofTransaction: identifier)
      guard state.billingRetryStart != nil else {
        throw TestStoreError("transaction \(identifier) has no issue to resolve", kind: .invalidAction)
      }
      engine.step { _ = engine.world.store.fixBilling(account: account) }
    }
  }

  /// Turns auto-renew on or off for the subscription a transaction belongs to.
  package func setAutoRenew(_ on: Bool, transaction identifier: UInt64) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in
      let (account, state) = try engine.subscription(ofTransaction: identifier)
      try engine.stepRefusing { () throws(StoreError) in
        try engine.world.store.setAutoRenew(on, productId: state.productId, account: account)
      }
    }
  }

  /// Asks the customer to consent to a price increase of the subscription a transaction belongs
  /// to (at its current price: Xcode's request names no new price).
  package func requestPriceConsent(transaction identifier: UInt64) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in
      let (_, state) = try engine.subscription(ofTransaction: identifier)
      let store = engine.world.store
      guard let product = store.catalog.product(state.autoRenewProductId) else {
        throw TestStoreError("no product \(state.autoRenewProductId)", kind: .invalidProductIdentifier)
      }
      let price = store.price(of: product).amount
      try engine.stepRefusing { () throws(StoreError) in
        try store.raisePrice(of: product.id, to: price, consentRequired: true)
      }
    }
  }

  /// The customer answers a price increase of the subscription a transaction belongs to.
  package func answerPriceConsent(accept: Bool, transaction identifier: UInt64) throws(TestStoreError) {
    try withEngine { engine throws(TestStoreError) in
      let (account, state) = try engine.subscription(ofTransaction: identifier)
      try engine.stepRefusing { () throws(StoreError) in
        try engine.world.store.answerPriceConsent(
          accept: accept, productId: state.productId, account: account)
      }
    }
  }

  /// A purchase made outside the app (`buyProduct(identifier:options:)`): the app hears it through
  /// `Transaction.updates`.
  package func buyOutsideTheApp(
    _ productID: String, options: Set<StoreBenchClient.Product.PurchaseOption>
  ) throws -> StoreBenchClient.Transaction {
    let request = PurchaseRequest(productID: productID, options: options)
    return try withEngine { engine throws(any Error) in try engine.purchaseOutsideTheApp(request) }
  }
}
