import Catalog
import Foundation

extension Store {
  /// An auto-renewable product of the catalog, with its subscription's terms.
  ///
  /// - Throws: ``StoreError`` `no product "pro.montly" in the catalog; did you mean "pro.monthly"?`
  ///   (``Catalog/unknownProductReason(_:)``), or `coins.100 is not an auto-renewable subscription`.
  func autoRenewable(_ productId: String) throws(StoreError) -> (product: Product, subscription: Subscription)
  {
    guard let product = catalog.product(productId) else {
      throw StoreError(.unknownProduct, catalog.unknownProductReason(productId))
    }
    guard product.type == .autoRenewable, let subscription = product.subscription else {
      throw StoreError(.invalidValue, "\(productId) is not an auto-renewable subscription")
    }
    return (product, subscription)
  }

  /// The live subscription of the group a product belongs to.
  ///
  /// - Throws: ``StoreError`` when the catalog has no such product, it is not a subscription, or the
  ///   account has none in its group.
  public func subscription(for productId: String, account: Account) throws(StoreError) -> SubscriptionState {
    let group = try autoRenewable(productId).subscription.group
    guard let state = account.subscriptions[group] else {
      throw StoreError(.notFound, "account \(account.name) has no subscription in group \(group)")
    }
    return state
  }

  private func liveSubscription(
    for productId: String, account: Account
  ) throws(StoreError) -> SubscriptionState {
    let state = try subscription(for: productId, account: account)
    guard state.isLive else {
      throw StoreError(.notAllowed, "the subscription to \(state.productId) has ended")
    }
    return state
  }

  /// The customer turns auto-renew off or on (Settings › Subscriptions).
  public func setAutoRenew(_ on: Bool, productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    let changed = state.isAutoRenewOn != on
    state.isAutoRenewOn = on
    state.pendingExpirationIntent = on ? nil : .customerCancelled
    let committed =
      !on && state.isCommittedToNextBilling
      ? state.commitment.map {
        ": committed until \(Timestamp.iso8601($0.expiresDate)), billed the \($0.totalPeriods - $0.periodNumber) months left"
      } ?? "" : ""
    report("autoRenew", "\(state.productId): auto-renew \(on ? "on" : "off")\(committed)")
    if changed {
      publish(
        .didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled, account: account,
        subscription: state)
    }
  }

  /// Recovers every subscription of the account that is in billing retry: the customer fixed the
  /// payment method. Inside the grace period the paid days run on from the old expiry; after it,
  /// the new period starts now.
  public func fixBilling(account: Account) -> Int {
    var recovered = 0
    for state in account.subscriptions.values.sorted(by: { $0.group < $1.group }) {
      guard case .billingRetry(let since, let graceUntil) = state.phase else { continue }
      let insideGrace = graceUntil.map { clock.now < $0 } ?? false
      report("billingRecovered", "\(state.productId): payment collected")
      renew(state, account: account, at: insideGrace ? since : clock.now, isRecovery: true)
      recovered += 1
    }
    return recovered
  }

  /// Ends the current period now (SKTestSession `expireSubscription`).
  public func expireNow(productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    state.expiresDate = clock.now
    account.update(at: state.latestIndex) { $0.expiresDate = clock.now }
    expire(state, intent: .customerCancelled, account: account)
  }

  /// Ends the current period now, as SKTestSession's `forceRenewalOfSubscription` does; what
  /// follows is what follows any period's end: a renewal, billing retry when renewals fail, or
  /// the expiry of a subscription whose auto-renew is off or whose price increase waits for consent.
  public func renewNow(productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    state.generation += 1
    state.expiresDate = clock.now
    account.update(at: state.latestIndex) { $0.expiresDate = clock.now }
    state.phase = .active
    endPeriod(of: state, account: account)
  }

  /// Raises a product's price. Subscribers renew at the new price, or, when consent is required,
  /// only once they accept it.
  public func raisePrice(of productId: String, to amount: Decimal, consentRequired: Bool) throws(StoreError) {
    let product = try autoRenewable(productId).product
    priceOverrides[productId] = amount
    var waiting = 0
    for account in accounts.values.sorted(by: { $0.name < $1.name }) {
      for state in account.subscriptions.values.sorted(by: { $0.group < $1.group })
      where state.isLive && state.autoRenewProductId == productId {
        if consentRequired {
          state.priceConsent = .pending
          waiting += 1
        }
        guard state.isAutoRenewOn else { continue }
        publish(.priceIncrease, consentRequired ? .pending : .accepted, account: account, subscription: state)
      }
    }
    report(
      "priceIncrease",
      "\(productId) now \(price(of: product))\(consentRequired ? ", \(Wording.plural(waiting, "subscriber")) asked to consent" : "")"
    )
  }

  /// The customer answers a price-increase consent request.
  public func answerPriceConsent(accept: Bool, productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    guard state.priceConsent == .pending else {
      throw StoreError(.notAllowed, "no price increase waits for consent on \(state.productId)")
    }
    if accept {
      state.priceConsent = .accepted
    } else {
      state.priceConsent = .none
      state.isAutoRenewOn = false
      state.pendingExpirationIntent = .customerDidNotConsentToPriceIncrease
    }
    report("priceConsent", "\(state.productId): \(accept ? "accepted" : "declined")")
    if accept {
      publish(.priceIncrease, .accepted, account: account, subscription: state)
    } else {
      publish(.didChangeRenewalStatus, account: account, subscription: state)
    }
  }
}
