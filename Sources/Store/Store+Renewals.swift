import Catalog
import Foundation

extension Store {
  /// Runs the next scheduled event due at or before `date`, moving the clock to its instant.
  ///
  /// - Returns: whether an event ran; call again until it returns `false`, then set the clock.
  @discardableResult
  public func runNextEvent(notAfter date: Date) -> Bool {
    while let (due, event) = scheduler.popDue(notAfter: date) {
      guard event.generation == event.subscription.generation else { continue }
      if due > clock.now { clock.set(due) }
      handle(event)
      return true
    }
    return false
  }

  /// Moves the clock to `date`, running every event due on the way.
  public func advanceClock(to date: Date) {
    while runNextEvent(notAfter: date) {}
    if date > clock.now { clock.set(date) }
  }

  /// Moves the clock forward by a span, running what falls due.
  public func advanceClock(by span: TimeSpan) {
    advanceClock(to: VirtualClock.adding(span, to: clock.now))
  }

  /// How many events wait on the clock.
  public var scheduledEventCount: Int { scheduler.count }

  private func handle(_ event: ScheduledEvent) {
    let state = event.subscription
    switch event.kind {
    case .periodEnd: endPeriod(of: state, account: event.account)
    case .billingRetryEnd: expire(state, intent: .billingError, account: event.account)
    case .gracePeriodEnd:
      report("gracePeriodEnded", "\(state.productId): access stops while billing retry goes on")
    }
  }

  private func endPeriod(of state: SubscriptionState, account: Account) {
    if !state.isAutoRenewOn {
      expire(state, intent: state.pendingExpirationIntent ?? .customerCancelled, account: account)
    } else if state.priceConsent == .pending {
      expire(state, intent: .priceIncreaseDeclined, account: account)
    } else if let cap = timeRate.renewalCap, state.renewals >= cap {
      report("renewalCapReached", "\(state.productId): the sandbox renews \(cap) times at most")
      expire(state, intent: .customerCancelled, account: account)
    } else if isBillingRetryOn {
      enterBillingRetry(state, account: account)
    } else {
      renew(state, account: account, at: state.expiresDate)
    }
  }

  /// Starts the next period of a subscription with a renewal transaction dated `date`.
  func renew(_ state: SubscriptionState, account: Account, at date: Date) {
    guard let product = catalog.product(state.autoRenewProductId) else {
      expire(state, intent: .productUnavailable, account: account)
      return
    }
    if state.offerPeriodsLeft > 0 {
      state.offerPeriodsLeft -= 1
    } else {
      state.offer = nil
    }
    if state.priceConsent == .accepted { state.priceConsent = .none }
    state.renewals += 1
    let previous = account.history[state.latestIndex]
    var record = PurchaseRecord(
      transactionNumber: makeTransactionNumber(), originalTransactionNumber: state.originalTransactionNumber,
      productId: product.id, productType: .autoRenewable, quantity: 1, purchaseDate: date,
      originalPurchaseDate: state.originalPurchaseDate, charged: price(of: product),
      storefront: previous.storefront,
      reason: .renewal)
    startPeriod(of: state, product: product, record: &record, account: account)
    listener?.store(self, didCreateTransaction: record, for: account)
    shareWithFamily(record, purchaser: account)
  }

  private func enterBillingRetry(_ state: SubscriptionState, account: Account) {
    let period =
      catalog.product(state.autoRenewProductId)?.subscription?.period
      ?? SubscriptionPeriod(value: 1, unit: .month)
    let start = state.expiresDate
    let graceUntil = gracePeriodDays.map {
      VirtualClock.adding(timeRate.graceSpan(days: $0, for: period), to: start)
    }
    state.phase = .billingRetry(since: start, graceUntil: graceUntil)
    state.generation += 1
    let retryEnd = VirtualClock.adding(timeRate.billingRetrySpan(for: period), to: start)
    scheduler.schedule(
      ScheduledEvent(
        kind: .billingRetryEnd, subscription: state, account: account, generation: state.generation),
      at: retryEnd)
    if let graceUntil {
      scheduler.schedule(
        ScheduledEvent(
          kind: .gracePeriodEnd, subscription: state, account: account, generation: state.generation),
        at: graceUntil)
    }
    let grace = graceUntil.map { ", grace period until \(Timestamp.iso8601($0))" } ?? ""
    report(
      "renewalFailed",
      "\(state.productId): billing problem, retrying until \(Timestamp.iso8601(retryEnd))\(grace)",
      [.init("product", state.productId), .init("retryUntil", Timestamp.iso8601(retryEnd))])
  }

  /// Ends a subscription now or at its period end, with the reason.
  /// Auto-renew is off from then on, as Apple's renewal info shows beside the expiration intent,
  /// and the account's devices hear that access ended.
  func expire(_ state: SubscriptionState, intent: ExpirationIntent, account: Account) {
    state.phase = .expired(intent)
    state.isAutoRenewOn = false
    state.pendingExpirationIntent = nil
    state.generation += 1
    state.offer = nil
    report(
      "expired", "\(state.productId): intent \(intent)",
      [.init("product", state.productId), .init("expirationIntent", String(intent.rawValue))])
    listener?.store(self, didExpire: state.productId, for: account)
  }

  /// The live subscription of the group a product belongs to.
  ///
  /// - Throws: ``StoreError`` when the product is not a subscription or the account has none in its group.
  public func subscription(for productId: String, account: Account) throws(StoreError) -> SubscriptionState {
    guard let group = catalog.product(productId)?.subscription?.group else {
      throw StoreError("\(productId) is not an auto-renewable subscription")
    }
    guard let state = account.subscriptions[group] else {
      throw StoreError("account \(account.name) has no subscription in group \(group)")
    }
    return state
  }

  private func liveSubscription(
    for productId: String, account: Account
  ) throws(StoreError) -> SubscriptionState {
    let state = try subscription(for: productId, account: account)
    guard state.isLive else { throw StoreError("the subscription to \(state.productId) has ended") }
    return state
  }

  /// The customer turns auto-renew off or on (Settings › Subscriptions).
  public func setAutoRenew(_ on: Bool, productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    state.isAutoRenewOn = on
    state.pendingExpirationIntent = on ? nil : .customerCancelled
    report("autoRenew", "\(state.productId): auto-renew \(on ? "on" : "off")")
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
      renew(state, account: account, at: insideGrace ? since : clock.now)
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

  /// Ends the current period now and renews (SKTestSession `forceRenewalOfSubscription`).
  public func renewNow(productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    state.generation += 1
    state.expiresDate = clock.now
    account.update(at: state.latestIndex) { $0.expiresDate = clock.now }
    state.phase = .active
    renew(state, account: account, at: clock.now)
  }

  /// Raises a product's price. Subscribers renew at the new price, or, when consent is required,
  /// only once they accept it.
  public func raisePrice(of productId: String, to amount: Decimal, consentRequired: Bool) throws(StoreError) {
    guard let product = catalog.product(productId), product.type == .autoRenewable else {
      throw StoreError("\(productId) is not an auto-renewable subscription")
    }
    priceOverrides[productId] = amount
    var waiting = 0
    if consentRequired {
      for account in accounts.values {
        for state in account.subscriptions.values where state.isLive && state.autoRenewProductId == productId
        {
          state.priceConsent = .pending
          waiting += 1
        }
      }
    }
    report(
      "priceIncrease",
      "\(productId) now \(price(of: product))\(consentRequired ? ", \(waiting) subscriber(s) asked to consent" : "")"
    )
  }

  /// The customer answers a price-increase consent request.
  public func answerPriceConsent(accept: Bool, productId: String, account: Account) throws(StoreError) {
    let state = try liveSubscription(for: productId, account: account)
    guard state.priceConsent == .pending else {
      throw StoreError("no price increase waits for consent on \(state.productId)")
    }
    if accept {
      state.priceConsent = .accepted
    } else {
      state.priceConsent = .none
      state.isAutoRenewOn = false
      state.pendingExpirationIntent = .priceIncreaseDeclined
    }
    report("priceConsent", "\(state.productId): \(accept ? "accepted" : "declined")")
  }
}
