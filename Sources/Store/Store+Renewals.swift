import Catalog
import Foundation
import Vocabulary

extension Store {
  /// Ends a subscription's period: it expires, renews, or enters billing retry. A period cut short
  /// at ``VirtualClock/latest`` ends the subscription: the calendar has no room for another.
  func endPeriod(of state: SubscriptionState, account: Account) {
    let committed = state.isCommittedToNextBilling
    if !state.willRenewNext {
      expire(state, intent: state.pendingExpirationIntent ?? .customerCancelled, account: account)
    } else if !committed, state.priceConsent == .pending {
      expire(state, intent: .customerDidNotConsentToPriceIncrease, account: account)
    } else if let cap = timeRate.renewalCap, state.renewals >= cap {
      report(
        "renewalCapReached", "\(state.productId): the sandbox renews \(Wording.plural(cap, "time")) at most")
      expire(state, intent: .customerCancelled, account: account)
    } else if state.expiresDate >= VirtualClock.latest {
      report(
        "calendarEnded",
        "\(state.productId): no period can start after \(Timestamp.iso8601(VirtualClock.latest)), the last instant"
      )
      expire(state, intent: .other, account: account)
    } else if isBillingRetryOn {
      enterBillingRetry(state, account: account)
    } else {
      renew(state, account: account, at: state.expiresDate)
    }
  }

  /// Starts the next period of a subscription with a renewal transaction dated `date`; the app's
  /// server hears `DID_RENEW`, with `BILLING_RECOVERY` when the renewal ends billing retry. Inside a
  /// commitment the next month of the same product is billed; a change of product waits for the
  /// commitment's end.
  func renew(_ state: SubscriptionState, account: Account, at date: Date, isRecovery: Bool = false) {
    let renewing = state.isCommittedToNextBilling ? state.productId : state.autoRenewProductId
    guard let product = catalog.product(renewing) else {
      expire(state, intent: .productNotAvailable, account: account)
      return
    }
    if let pending = state.pendingOffer {
      state.offer = pending
      state.offerPeriodsLeft = pending.mode == .payUpFront ? 0 : pending.numberOfPeriods - 1
      state.pendingOffer = nil
    } else if state.offerPeriodsLeft > 0 {
      state.offerPeriodsLeft -= 1
    } else {
      state.offer = nil
    }
    if state.priceConsent == .accepted { state.priceConsent = .none }
    advanceBillingPlan(of: state, product: product, at: date)
    state.renewals += 1
    let previousProductId = state.productId
    // Only the storefront is read from the period before: reading the whole record would copy it.
    let storefront = account.history[state.latestIndex].storefront
    var record = PurchaseRecord(
      transactionNumber: makeTransactionNumber(), originalTransactionNumber: state.originalTransactionNumber,
      productId: product.id, productType: .autoRenewable, quantity: 1, purchaseDate: date,
      originalPurchaseDate: state.originalPurchaseDate, charged: price(of: product),
      storefront: storefront,
      reason: .renewal)
    startPeriod(of: state, product: product, record: &record, account: account)
    publish(
      .didRenew, isRecovery ? .billingRecovery : nil, account: account,
      transactionNumber: record.transactionNumber)
    if previousProductId != product.id {
      listener?.store(self, didEndAccessTo: previousProductId, for: account, because: .renewedAs(product.id))
    }
    listener?.store(self, didCreateTransaction: record, for: account)
    shareWithFamily(record, purchaser: account)
  }

  private func enterBillingRetry(_ state: SubscriptionState, account: Account) {
    let period =
      catalog.product(state.autoRenewProductId)?.subscription?.period
      ?? SubscriptionPeriod(value: 1, unit: .month)
    let start = state.expiresDate
    let graceUntil = gracePeriodDays.map {
      VirtualClock.addingUpToLatest(timeRate.graceSpan(days: $0, for: period), to: start)
    }
    state.phase = .billingRetry(since: start, graceUntil: graceUntil)
    state.generation += 1
    let retryEnd = VirtualClock.addingUpToLatest(timeRate.billingRetrySpan(for: period), to: start)
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
    let changing = state.autoRenewProductId != state.productId
    let renewingAs = changing ? " (renewing as \(state.autoRenewProductId))" : ""
    report(
      "renewalFailed",
      "\(state.productId)\(renewingAs): billing problem, retrying until \(Timestamp.iso8601(retryEnd))\(grace)",
      [.init("product", state.productId)] + (changing ? [.init("renewsAs", state.autoRenewProductId)] : [])
        + [.init("retryUntil", Timestamp.iso8601(retryEnd))])
    publish(.didFailToRenew, graceUntil == nil ? nil : .gracePeriod, account: account, subscription: state)
    if graceUntil == nil {
      listener?.store(self, didEndAccessTo: state.productId, for: account, because: .billingRetry)
    }
  }

  /// Ends a subscription now or at its period end, with the reason.
  /// Auto-renew is off from then on, as Apple's renewal info shows beside the expiration intent,
  /// and the account's devices hear that access ended (again, after billing retry without grace).
  func expire(_ state: SubscriptionState, intent: ExpirationIntent, account: Account) {
    state.phase = .expired(intent)
    state.isAutoRenewOn = false
    state.pendingExpirationIntent = nil
    state.generation += 1
    state.offer = nil
    state.pendingOffer = nil
    report(
      "expired", "\(state.productId): intent \(intent)",
      [.init("product", state.productId), .init("expirationIntent", String(intent.rawValue))])
    publish(.expired, intent.notificationSubtype, account: account, subscription: state)
    listener?.store(self, didEndAccessTo: state.productId, for: account, because: .expired)
  }
}
