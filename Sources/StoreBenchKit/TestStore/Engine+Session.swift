import Foundation
import Queue
import Simulation
import Store

/// What Xcode's test environment (`SKTestSession`) asks of the world.
extension Engine {
  /// A change of the world whose refusal reads as a ``TestStoreError`` (kind `invalidAction`).
  func stepRefusing<E: Error>(_ body: () throws(E) -> Void) throws(TestStoreError) {
    do {
      try step(body)
    } catch {
      throw TestStoreError(error, kind: .invalidAction)
    }
  }

  /// The live subscription a transaction belongs to.
  func subscription(ofTransaction identifier: UInt64) throws(TestStoreError) -> (Account, SubscriptionState) {
    let account = try account()
    guard let record = record(number: identifier, in: account) else {
      throw TestStoreError("no transaction \(identifier)", kind: .noTransactionFound)
    }
    guard let group = world.store.catalog.product(record.productId)?.subscription?.group,
      let state = account.subscription(inGroup: group),
      state.originalTransactionNumber == record.originalTransactionNumber
    else {
      throw TestStoreError("transaction \(identifier) is not of a subscription", kind: .noSubscriptionFound)
    }
    return (account, state)
  }

  /// Every transaction of the environment: the history, then purchases waiting for Ask to Buy or
  /// interrupted, by their handle.
  func testTransactions() -> [TestStore.TestTransactionFacts] {
    guard let account = device.queue.account else { return [] }
    let now = world.store.clock.now
    var facts = account.history.filter { $0.reason != .redownload }.map { record in
      let state = world.store.catalog.product(record.productId)?.subscription.flatMap {
        account.subscription(inGroup: $0.group)
      }
      let current =
        state.map {
          $0.latestIndex < account.history.count
            && account.history[$0.latestIndex].transactionNumber == record.transactionNumber
        } ?? false
      return TestStore.TestTransactionFacts(
        identifier: record.transactionNumber, originalIdentifier: record.originalTransactionNumber,
        productID: record.productId, purchaseDate: appDate(record.purchaseDate),
        cancelDate: record.cancellationDate.map(appDate), expirationDate: record.expiresDate.map(appDate),
        state: SKPaymentTransactionState.purchased.rawValue,
        autoRenews: current && (state?.isAutoRenewOn ?? false),
        hasPurchaseIssue: current && state?.billingRetryStart != nil && state?.status(at: now) != .expired,
        waitsForAskToBuy: false, waitsForPriceConsent: current && state?.priceConsent == .pending)
    }
    // An interrupted StoreKit 2 purchase has left the queue (StoreKit 2 finishes failed ones); the
    // registry keeps it until it is resolved.
    for waiting in world.registry.all
    where waiting.device == device.name && waiting.record == nil
      && (waiting.state == .deferred || (waiting.isInterrupted && waiting.resolution == nil))
    {
      facts.append(
        TestStore.TestTransactionFacts(
          identifier: UInt64(waiting.handle), originalIdentifier: UInt64(waiting.handle),
          productID: waiting.payment.productId, purchaseDate: appDate(waiting.date), cancelDate: nil,
          expirationDate: nil,
          state: (waiting.state == .deferred ? SKPaymentTransactionState.deferred : .failed).rawValue,
          autoRenews: false, hasPurchaseIssue: waiting.isInterrupted,
          waitsForAskToBuy: waiting.state == .deferred,
          waitsForPriceConsent: false))
    }
    return facts
  }

  /// `clearTransactions()`: the account's history, subscriptions and the devices' transactions
  /// are gone; identifiers go on from where they were.
  func clearTransactions() throws(TestStoreError) {
    let account = try account()
    step { _ = world.clearTransactions(account: account) }
  }

  /// `deleteTransaction(identifier:)`.
  func deleteTransaction(_ identifier: UInt64) throws(TestStoreError) {
    let account = try account()
    do {
      try step { () throws(SimulationError) in
        _ = try world.deleteTransaction(number: identifier, account: account)
      }
    } catch {
      let missing = error.code == .notFound || error.code == .unknownTransaction
      throw TestStoreError(error, kind: missing ? .noTransactionFound : .invalidAction)
    }
  }

  /// A purchase made outside the app, on another device of the account (with a purchase date, as
  /// though made then): the app hears it through `Transaction.updates`.
  func purchaseOutsideTheApp(_ request: PurchaseRequest) throws -> Transaction {
    guard world.store.catalog.product(request.productID) != nil else {
      throw TestStoreError("no product \(request.productID)", kind: .invalidProductIdentifier)
    }
    if let backdate = request.backdate {
      let record = try onAnotherDevice { other in
        try step { () throws(SimulationError) in
          try world.purchase(
            productId: request.productID, backdatedTo: worldDate(backdate.date),
            renewal: backdate.cancelsImmediately ? .cancelImmediately : .renewUntilNow, on: other)
        }
      }
      return transaction(record, as: .verified).unsafePayloadValue
    }
    if let reference = request.codeOfferReference {
      let account = try account()
      let result = step {
        world.store.redeemOffer(referenceName: reference, of: request.productID, account: account)
      }
      switch result {
      case .success(let record): return transaction(record, as: .verified).unsafePayloadValue
      case .failure(let refusal):
        throw TestStoreError("the offer \(reference) does not apply: \(refusal)", kind: .invalidAction)
      }
    }
    var payment = Payment(
      productId: request.productID, quantity: request.quantity, offerId: request.offerID,
      appAccountToken: request.appAccountToken?.uuidString.lowercased())
    payment.offerProof = request.offerProof
    payment.winBackOfferId = request.winBackOfferID
    payment.billingPlan = request.billingPlan
    return try purchaseOutsideTheApp(payment)
  }
}
