import Catalog
import Foundation
import Queue
import Simulation
import Store

/// What the App Store, the customer and a parent do: each a step of the world, as the workbench's
/// command of the same name; the app's listeners hear what follows (``settle()`` waits for them).
extension TestStore {
  /// Runs one change of the world; an error the world refuses it with reads as a ``TestStoreError``.
  private func change(_ body: (Engine) throws -> Void) throws(TestStoreError) {
    do {
      try withEngine { engine throws(any Error) in try engine.step { try body(engine) } }
    } catch let error as TestStoreError {
      throw error
    } catch {
      throw TestStoreError(error)
    }
  }

  /// The signed-in account, for a change.
  private static func account(_ engine: Engine) throws(TestStoreError) -> Account {
    try engine.account()
  }

  // MARK: Switches

  /// Ask to Buy: while on, purchases wait for a parent (`.pending`).
  public func setAskToBuy(_ on: Bool) {
    withEngine { $0.world.store.isAskToBuyOn = on }
  }

  /// While on, renewals fail for billing reasons and subscriptions go into billing retry.
  public func setBillingRetry(_ on: Bool) {
    withEngine { $0.world.store.isBillingRetryOn = on }
  }

  /// The billing grace period (a number of days: 3, 16 or 28), or none (`nil`).
  public func setGracePeriod(days: Int?) {
    withEngine { $0.world.store.gracePeriodDays = days }
  }

  /// While on, purchases are interrupted (the customer must act, as for new terms) until resolved.
  public func setInterruptedPurchases(_ on: Bool) {
    withEngine { $0.world.store.isInterruptedPurchasesOn = on }
  }

  /// Whether the customer may make payments (`AppStore.canMakePayments`).
  public func setCanMakePayments(_ on: Bool) {
    withEngine { $0.device.queue.canMakePayments = on }
  }

  /// How long subscription periods last, by the names `time-rate` takes: `real` (the default),
  /// `sandbox`, `every-2s` … `every-15m`, `monthly-30s` … `monthly-1h` (Xcode's time rates).
  ///
  /// - Throws: ``TestStoreError`` naming the rates for an unknown name.
  public func setTimeRate(_ name: String) throws(TestStoreError) {
    guard let rate = TimeRate(rawValue: name) else {
      throw TestStoreError(
        "\"\(name)\" is not a time rate (\(TimeRate.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    setTimeRate(rate)
  }

  /// Sets the time rate.
  package func setTimeRate(_ rate: TimeRate) {
    withEngine { $0.world.store.timeRate = rate }
  }

  /// The storefront the customer buys in (ISO 3166-1 alpha-3, such as `FRA`): `Storefront.updates`
  /// hears the change.
  ///
  /// - Throws: ``TestStoreError`` for a storefront the catalog does not know.
  public func setStorefront(_ countryCode: String) throws(TestStoreError) {
    try change { engine throws(StoreError) in try engine.world.changeStorefront(to: countryCode) }
  }

  /// The locale products are described in (such as `fr_FR`).
  public func setLocale(_ identifier: String) {
    withEngine { $0.world.store.locale = identifier }
  }

  /// Known StoreKit oddities to reproduce, all off by default.
  public var quirks: Quirks {
    get { withEngine { $0.quirks } }
    set { withEngine { $0.quirks = newValue } }
  }

  // MARK: Parents and the customer

  /// A parent approves the waiting purchase of a product: it arrives through `Transaction.updates`.
  ///
  /// - Throws: ``TestStoreError`` when no purchase of the product waits.
  public func approveAskToBuy(productID: String) throws(TestStoreError) {
    try decideAskToBuy(productID: productID, approve: true)
  }

  /// A parent declines the waiting purchase of a product.
  ///
  /// - Throws: ``TestStoreError`` when no purchase of the product waits.
  public func declineAskToBuy(productID: String) throws(TestStoreError) {
    try decideAskToBuy(productID: productID, approve: false)
  }

  private func decideAskToBuy(productID: String, approve: Bool) throws(TestStoreError) {
    try change { engine in
      guard
        let waiting = engine.device.queue.transactions.first(where: {
          $0.state == .deferred && $0.payment.productId == productID
        })
      else { throw TestStoreError("no purchase of \(productID) waits for Ask to Buy") }
      if approve {
        try engine.device.queue.approve(waiting)
      } else {
        try engine.device.queue.decline(waiting)
      }
    }
  }

  /// The customer dismisses the next purchase's payment sheet: `purchase()` answers
  /// `.userCancelled` (the workbench's `cancel-next`).
  public func cancelNextPurchase() {
    withEngine { $0.device.queue.pendingCancellations += 1 }
  }

  /// The customer fixes their payment method: subscriptions in billing retry renew.
  public func fixBilling() throws(TestStoreError) {
    try change { engine in _ = engine.world.store.fixBilling(account: try Self.account(engine)) }
  }

  /// The customer turns a subscription's auto-renew off or on, as in Settings.
  public func setAutoRenew(_ on: Bool, productID: String) throws(TestStoreError) {
    try change { engine in
      try engine.world.store.setAutoRenew(on, productId: productID, account: try Self.account(engine))
    }
  }

  /// The customer answers a price increase that needs their consent.
  public func answerPriceConsent(accept: Bool, productID: String) throws(TestStoreError) {
    try change { engine in
      try engine.world.store.answerPriceConsent(
        accept: accept, productId: productID, account: try Self.account(engine))
    }
  }

  /// The customer buys on another device of the account: the purchase arrives through
  /// `Transaction.updates`.
  ///
  /// - Returns: The transaction.
  @discardableResult
  public func purchaseOnAnotherDevice(
    productID: String
  ) throws(TestStoreError) -> StoreBenchClient.Transaction {
    do {
      return try withEngine { engine throws(any Error) in
        try engine.purchaseOutsideTheApp(Payment(productId: productID))
      }
    } catch let error as TestStoreError {
      throw error
    } catch {
      throw TestStoreError(error)
    }
  }

  /// The customer redeems an offer code in the App Store: the transaction arrives through
  /// `Transaction.updates`.
  ///
  /// - Throws: ``TestStoreError`` saying why the App Store refused the code.
  public func redeemOfferCode(_ code: String) throws(TestStoreError) {
    try change { engine in
      if case .failure(let refusal) = engine.world.store.redeem(code: code, account: try Self.account(engine))
      {
        throw TestStoreError("the code \(code) was refused: \(refusal)")
      }
    }
  }

  /// The App Store shows a promoted in-app purchase and the customer taps it: the app hears it
  /// through `PurchaseIntent.intents`.
  public func promote(productID: String, winBackOfferID: String? = nil) throws(TestStoreError) {
    try change { engine in
      guard engine.world.store.catalog.product(productID) != nil else {
        throw TestStoreError(
          engine.world.store.catalog.unknownProductReason(productID), code: .unknownProduct)
      }
      engine.world.promote(productID, winBackOfferId: winBackOfferID)
    }
  }

  /// The app quits and launches again: its listener gets the unfinished transactions once more.
  public func relaunchApp() {
    withEngine { engine in
      engine.relaunched()
      engine.step { engine.device.relaunch() }
    }
  }

  // MARK: The App Store

  /// Apple refunds a transaction: the app hears it through `Transaction.updates`.
  public func refund(transactionID: UInt64) throws(TestStoreError) {
    try change { engine in
      try engine.world.store.refund(
        transactionNumber: transactionID, reason: .other, account: try Self.account(engine))
    }
  }

  /// The customer asks for a refund (what `beginRefundRequest` sends); Apple decides later
  /// (the workbench's `refund-decide`), or refunds with ``refund(transactionID:)``.
  ///
  /// - Throws: ``TestStoreError``, as `Transaction.RefundRequestError.duplicateRequest` when one waits.
  public func requestRefund(transactionID: UInt64) throws(TestStoreError) {
    try change { engine in
      _ = try engine.world.store.requestRefund(
        transactionNumber: transactionID, reason: .unintendedPurchase, account: try Self.account(engine))
    }
  }

  /// The subscription expires now, as Xcode's `expireSubscription`.
  public func expire(productID: String) throws(TestStoreError) {
    try change { engine in
      try engine.world.store.expireNow(productId: productID, account: try Self.account(engine))
    }
  }

  /// The subscription renews now, its period ending early, as Xcode's `forceRenewalOfSubscription`.
  public func renew(productID: String) throws(TestStoreError) {
    try change { engine in
      try engine.world.store.renewNow(productId: productID, account: try Self.account(engine))
    }
  }

  /// The developer raises a subscription's price; with consent required, the customer must agree
  /// before the next renewal.
  public func raisePrice(productID: String, to amount: Decimal, consentRequired: Bool) throws(TestStoreError)
  {
    try change { engine in
      try engine.world.store.raisePrice(of: productID, to: amount, consentRequired: consentRequired)
    }
  }

  /// The next transactions the app gets fail StoreKit's check with these errors, one each (the
  /// workbench's `unverified-next`): their JWS is damaged for real.
  public func unverifiedNext(
    _ error: StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>.VerificationError
  ) {
    withEngine { $0.device.storeKit2.damageNext(Simulation.VerificationError(error)) }
  }

  /// The world's clock (ahead of the app's with the wall clock, by what the test advanced).
  var worldNow: Date { withEngine { $0.world.store.clock.now } }

  /// Makes an In-App Purchase key the App Store checks offer signatures with, and the signer your
  /// server would sign with. Signature times are then checked against the world's clock, which
  /// the signer reads when it signs.
  ///
  /// - Throws: ``TestStoreError`` when the id is taken.
  public func makeOfferKey(id: String) throws(TestStoreError) -> OfferSigner {
    try withEngine { engine throws(TestStoreError) in
      let key = OfferSigner.makeKey()
      do {
        try engine.world.offerKeys.register(keyId: id, publicKey: key.publicKey)
      } catch {
        throw TestStoreError(error)
      }
      engine.world.offerKeys.clock = .world
      return OfferSigner(
        keyID: id, bundleID: engine.world.store.catalog.bundleId, key: key,
        clock: { [weak self] in self?.worldNow ?? Date() })
    }
  }

  /// What happened in the world, a line each (the workbench's event log), oldest first.
  public var events: [String] {
    withEngine { Array($0.lines.lines.suffix(EventLines.limit)) }
  }
}
