import Catalog
import Foundation
import Queue
import Simulation
import Store

/// What StoreKit's calls ask of the world: each answered by the rules the workbench's commands
/// follow (`products`, `purchase`, `entitlements`, `subscription-status`, `sync`…), through the
/// same model functions.
extension Engine {
  // MARK: Products and purchases

  /// `Product.products(for:)`.
  package func products(for identifiers: [String]) throws -> [StoreBenchClient.Product] {
    if let error = failure(.products) { throw error }
    guard !identifiers.isEmpty else { return [] }
    return world.store.productsRequest(identifiers).products.compactMap { product($0.id) }
  }

  /// `product.purchase(options:)`.
  func purchase(_ request: PurchaseRequest) throws -> Product.PurchaseResult {
    guard (1...10).contains(request.quantity) else { throw Product.PurchaseError.invalidQuantity }
    if request.backdate != nil || request.codeOfferReference != nil {
      throw TestStoreError(
        "the purchase options purchaseDate(_:renewalBehavior:) and codeOffer(referenceName:) are "
          + "StoreKitTest's, for SKTestSession.buyProduct(identifier:options:), not product.purchase")
    }
    if let plan = request.unknownBillingPlan {
      throw TestStoreError(
        "billingPlanType(\(plan)): the App Store has no such billing plan (MONTHLY, BILLED_UPFRONT)")
    }
    let app = device.storeKit2
    let before = app.results.count
    let askToBuy = world.store.isAskToBuyOn
    if request.simulatesAskToBuy, world.environment == .sandbox { world.store.isAskToBuyOn = true }
    defer { world.store.isAskToBuyOn = askToBuy }
    do {
      try step { () throws(QueueError) in
        _ = try app.purchase(
          request.productID, quantity: request.quantity,
          appAccountToken: request.appAccountToken?.uuidString.lowercased(), offerId: request.offerID,
          offerProof: request.offerProof, winBackOfferId: request.winBackOfferID,
          billingPlan: request.billingPlan)
      }
    } catch {
      throw error.code == .invalidValue ? Product.PurchaseError.invalidQuantity : .purchaseNotAllowed
    }
    return try purchaseResult(since: before)
  }

  /// The result of the app's latest purchase call, made after it had `before` results: the
  /// transaction signed for the app, pending, cancelled, or the error the call throws.
  package func purchaseResult(since before: Int) throws -> StoreBenchClient.Product.PurchaseResult {
    let app = device.storeKit2
    guard app.results.count > before, let result = app.results.last else {
      throw Product.PurchaseError.productUnavailable
    }
    switch result {
    case .success(_, let transactionID, let outcome):
      guard let record = record(transactionID: transactionID) else {
        throw Product.PurchaseError.productUnavailable
      }
      let transaction = transaction(record, as: outcome)
      if quirks.purchasesAlsoReachUpdates { channels?.transactions.publish(transaction) }
      return .success(transaction)
    case .userCancelled: return .userCancelled
    case .pending: return .pending
    case .failed(let name): throw simulatedErrors[.buy] ?? StoreKitErrorNames.error(named: name)
    }
  }

  /// `transaction.finish()`: the device's unfinished transaction for it leaves the queue.
  func finish(transactionID: UInt64) {
    let unfinished = device.queue.transactions.first {
      $0.record?.transactionNumber == transactionID && !$0.isFinished
    }
    guard let unfinished else { return }
    step { try? device.queue.finish(unfinished) }
  }

  // MARK: Transactions

  /// `Transaction.currentEntitlements`, or one product's.
  package func entitlements(
    productID: String?
  ) -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    guard let account = device.queue.account else { return [] }
    return CurrentEntitlements.of(account, at: world.store.clock.now)
      .filter { productID == nil || $0.productId == productID }.map { transaction($0) }
  }

  /// `Transaction.all`, or one product's.
  package func allTransactions(
    productID: String?
  ) -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    guard let account = device.queue.account else { return [] }
    return CurrentEntitlements.allTransactions(of: account, productId: productID).map { transaction($0) }
  }

  /// `Transaction.unfinished`.
  package func unfinished() -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    device.queue.transactions.filter { $0.state == .purchased && !$0.isFinished }
      .compactMap { $0.record.flatMap { record(transactionID: $0.transactionId) } }.map { transaction($0) }
  }

  // MARK: Subscriptions

  /// `isEligibleForIntroOffer(for:)`: the App Store's rule, once per group.
  package func isEligibleForIntroOffer(groupID: String) -> Bool {
    if quirks.introOfferEligibilityIsCached, let answer = introOfferAnswers[groupID] { return answer }
    guard let group = groupName(identifier: groupID), let account = device.queue.account else { return false }
    let answer = world.store.isEligibleForIntroductoryOffer(group: group, account: account)
    introOfferAnswers[groupID] = answer
    return answer
  }

  /// `Product.SubscriptionInfo.status(for:)`: the customer's subscription in the group.
  package func statuses(groupID: String) throws -> [StoreBenchClient.Product.SubscriptionInfo.Status] {
    if let error = failure(.subscriptionStatus) { throw error }
    guard let group = groupName(identifier: groupID), let account = device.queue.account,
      let state = account.subscription(inGroup: group), let status = status(state, of: account)
    else { return [] }
    return [status]
  }

  /// `Product.SubscriptionInfo.status(transactionID:)`: the status of the subscription a
  /// transaction belongs to.
  package func status(transactionID: UInt64) throws -> StoreBenchClient.Product.SubscriptionInfo.Status? {
    if let error = failure(.subscriptionStatus) { throw error }
    guard let account = device.queue.account, let record = record(number: transactionID, in: account),
      let group = world.store.catalog.product(record.productId)?.subscription?.group,
      let state = account.subscription(inGroup: group),
      state.originalTransactionNumber == record.originalTransactionNumber
    else { return nil }
    return status(state, of: account)
  }

  /// `Product.SubscriptionInfo.Status.all`: each group the customer subscribed in.
  package func allStatuses() -> [(
    groupID: String, statuses: [StoreBenchClient.Product.SubscriptionInfo.Status]
  )] {
    guard let account = device.queue.account else { return [] }
    return account.subscriptions.sorted { $0.key < $1.key }.compactMap { group, state in
      status(state, of: account).map { (world.store.catalog.groupIdentifier(ofGroup: group), [$0]) }
    }
  }

  // MARK: The App Store

  /// `AppTransaction.shared`, or `refresh()`, which asks the App Store for a newly signed one.
  package func sharedAppTransaction(
    refresh: Bool
  ) throws -> StoreBenchClient.VerificationResult<StoreBenchClient.AppTransaction> {
    if let error = failure(.appTransaction) { throw error }
    if refresh { signingDates[AppTransaction.presentedKey] = nil }
    return try appTransaction()
  }

  /// `AppStore.sync()`: a new receipt, the app's entitlements checked again.
  func sync() throws {
    if let error = failure(.restore) { throw error }
    try step { () throws(SimulationError) in _ = try world.sync(device) }
  }

  // MARK: Failures

  /// The failure armed for a StoreKit call, if any (taken, as the call takes it): the error the
  /// test gave, else the StoreKit 2 error of the armed code.
  package func failure(_ api: FaultPlan.API) -> (any Error)? {
    guard let code = step({ world.store.faults.take(api) }) else { return nil }
    return simulatedErrors[api] ?? StoreKitErrorNames.error(named: code.storeKit2Name)
  }
}
