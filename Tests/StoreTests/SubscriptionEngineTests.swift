import Catalog
import Foundation
import Testing

@testable import Store

private func subscriptionCatalog() -> Catalog {
  func product(_ id: String, level: Int, period: String, price: String, intro: Offer? = nil) -> Product {
    Product(
      id: id, type: .autoRenewable, referenceName: id,
      localizations: [Localization(locale: "en_US", text: LocalizedText(title: id, description: ""))],
      basePrice: Decimal(string: price)!,
      subscription: Subscription(
        group: "G", level: level, period: SubscriptionPeriod(iso8601: period)!, introductoryOffer: intro))
  }
  let trial = Offer(
    mode: .freeTrial, period: SubscriptionPeriod(iso8601: "P1W")!, numberOfPeriods: 1, price: 0)
  return Catalog(
    bundleId: "b",
    products: [
      product("top.weekly", level: 1, period: "P1W", price: "2.00"),
      product("top.monthly", level: 1, period: "P1M", price: "6.00", intro: trial),
      product("low.weekly", level: 2, period: "P1W", price: "1.00"),
    ])
}

/// Collects renewals and revocations the store reports.
private final class Listener: StoreListener {
  var renewals: [PurchaseRecord] = []
  var revoked: [String] = []
  var expired: [String] = []
  func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account) {
    renewals.append(record)
  }
  func store(_ store: Store, didRevoke productIds: [String], for account: Account) { revoked += productIds }
  func store(
    _ store: Store, didEndAccessTo productId: String, for account: Account, because reason: AccessEnd
  ) { expired.append(productId) }
}

@Suite struct SubscriptionEngineTests {
  let store = Store(catalog: subscriptionCatalog(), log: EventLog())
  let account: Account
  private let listener = Listener()

  init() {
    account = store.account(named: "default")!
    store.listener = listener
  }

  private func date(_ text: String) -> Date { Timestamp.parse(text)! }

  private func buy(_ productId: String, offer: String? = nil) throws -> PurchaseRecord {
    try store.charge(productId: productId, quantity: 1, account: account, offerId: offer).get()
  }

  private var state: SubscriptionState { account.subscriptions["G"]! }

  @Test func aTrialConvertsToPaidAndRenewalsKeepTheOriginalId() throws {
    let first = try buy("top.monthly")
    #expect(first.isTrialPeriod && first.charged.amount == 0)
    #expect(first.expiresDate == date("2026-01-08"))
    try store.advanceClock(by: TimeSpan(months: 2))
    #expect(listener.renewals.map(\.purchaseDate) == [date("2026-01-08"), date("2026-02-08")])
    #expect(listener.renewals.allSatisfy { $0.originalTransactionNumber == first.transactionNumber })
    #expect(Set(listener.renewals.compactMap(\.webOrderLineItemNumber)).count == 2)
    #expect(listener.renewals.map(\.charged.amount) == [6, 6])
    #expect(state.status(at: store.clock.now) == .active)
    #expect(state.renewals == 2)
  }

  @Test func theIntroductoryOfferIsOncePerGroup() throws {
    _ = try buy("top.monthly")
    try store.expireNow(productId: "top.monthly", account: account)
    let again = try buy("top.monthly")
    #expect(!again.isTrialPeriod)
    #expect(again.charged.amount == 6)
  }

  @Test func anUpgradeIsImmediateAndRefundsTheUnusedShare() throws {
    let low = try buy("low.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 7 * 86_400 / 4))
    let top = try buy("top.weekly")
    let old = account.history[account.index(ofTransaction: low.transactionNumber)!]
    #expect(old.isUpgraded)
    #expect(old.cancellationDate == store.clock.now)
    #expect(old.refunded?.amount == Decimal(string: "0.75"))
    #expect(top.originalTransactionNumber == low.transactionNumber)
    #expect(state.productId == "top.weekly")
  }

  @Test func aDowngradeWaitsForTheNextRenewal() throws {
    let top = try buy("top.weekly")
    let answer = try buy("low.weekly")
    #expect(answer.transactionNumber == top.transactionNumber)
    #expect(state.productId == "top.weekly" && state.autoRenewProductId == "low.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(listener.renewals.map(\.productId) == ["low.weekly"])
  }

  @Test func aCrossgradeOfAnotherDurationWaitsButOfTheSameDurationIsImmediate() throws {
    _ = try buy("top.weekly")
    _ = try buy("top.monthly")
    #expect(state.productId == "top.weekly" && state.autoRenewProductId == "top.monthly")
  }

  @Test func billingRetryWithGraceKeepsAccessThenExpiresWithIntentTwo() throws {
    store.isBillingRetryOn = true
    store.gracePeriodDays = 3
    _ = try buy("top.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 8 * 86_400))
    #expect(state.status(at: store.clock.now) == .inGrace)
    try store.advanceClock(by: TimeSpan(seconds: 3 * 86_400))
    #expect(state.status(at: store.clock.now) == .inBillingRetry)
    try store.advanceClock(by: TimeSpan(seconds: 60 * 86_400))
    #expect(state.status(at: store.clock.now) == .expired)
    #expect(state.expirationIntent == .billingError)
    #expect(listener.renewals.isEmpty)
  }

  @Test func recoveryInsideGraceKeepsTheRenewalDateAndAfterItStartsNow() throws {
    store.isBillingRetryOn = true
    store.gracePeriodDays = 3
    _ = try buy("top.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 8 * 86_400))
    #expect(store.fixBilling(account: account) == 1)
    #expect(listener.renewals.last?.purchaseDate == date("2026-01-08"))
    store.gracePeriodDays = nil
    try store.advanceClock(by: TimeSpan(seconds: 9 * 86_400))
    #expect(state.status(at: store.clock.now) == .inBillingRetry)
    #expect(store.fixBilling(account: account) == 1)
    #expect(listener.renewals.last?.purchaseDate == store.clock.now)
  }

  @Test func theSandboxRenewsTwelveTimesThenStops() throws {
    store.timeRate = .sandbox
    _ = try buy("top.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 3600))
    #expect(listener.renewals.count == 12)
    #expect(state.status(at: store.clock.now) == .expired)
    #expect(state.expiresDate == date("2026-01-01T00:39:00Z"))
  }

  @Test func aDeclinedPriceIncreaseExpiresWithIntentThree() throws {
    _ = try buy("top.weekly")
    try store.raisePrice(of: "top.weekly", to: 3, consentRequired: true)
    try store.answerPriceConsent(accept: false, productId: "top.weekly", account: account)
    try store.advanceClock(by: TimeSpan(months: 1))
    #expect(state.expirationIntent == .customerDidNotConsentToPriceIncrease)
  }

  @Test func anAcceptedPriceIncreaseRenewsAtTheNewPrice() throws {
    _ = try buy("top.weekly")
    try store.raisePrice(of: "top.weekly", to: 3, consentRequired: true)
    try store.answerPriceConsent(accept: true, productId: "top.weekly", account: account)
    try store.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(listener.renewals.map(\.charged.amount) == [3])
  }

  @Test func anUpgradeGetsNoIntroductoryOfferThoughTheCustomerNeverHadOne() throws {
    _ = try buy("low.weekly")
    #expect(store.isEligibleForIntroductoryOffer(group: "G", account: account), "no trial taken yet")
    let upgrade = try buy("top.monthly")
    #expect(!upgrade.isTrialPeriod && upgrade.offerKind == nil)
    #expect(upgrade.charged.amount == 6, "a change of plan is charged in full at once")
    #expect(store.isEligibleForIntroductoryOffer(group: "G", account: account), "the trial is still unused")
  }

  @Test func aRefundRevokesTheSubscription() throws {
    let record = try buy("top.weekly")
    try store.refund(transactionNumber: record.transactionNumber, reason: .appIssue, account: account)
    #expect(state.status(at: store.clock.now) == .revoked)
    #expect(listener.revoked == ["top.weekly"])
    #expect(account.history[0].cancellationReason == .appIssue)
    try store.advanceClock(by: TimeSpan(months: 1))
    #expect(listener.renewals.isEmpty)
    #expect(throws: StoreError.self) {
      try store.refund(transactionNumber: record.transactionNumber, reason: .other, account: account)
    }
  }

  @Test func aLongJumpWithNothingScheduledRunsNoEvents() throws {
    try store.advanceClock(by: TimeSpan(months: 120))
    #expect(store.scheduledEventCount == 0)
    #expect(Timestamp.iso8601(store.clock.now) == "2036-01-01T00:00:00Z")
  }

  @Test func aSubscriptionRenewingPastTheYear9999StopsAtTheLastInstant() throws {
    try store.setClock(to: date("9999-12-20"))
    _ = try buy("top.weekly")
    try store.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(listener.renewals.count == 1)
    #expect(state.expiresDate == VirtualClock.latest)
    store.advanceClock(to: VirtualClock.latest)
    #expect(state.expirationIntent == .other)
    #expect(listener.expired == ["top.weekly"])
    #expect(store.scheduledEventCount == 0)
    #expect(
      throws: StoreError(
        .invalidValue, "the clock cannot pass 9999-12-31T23:59:59Z (it is at 9999-12-31T23:59:59Z)")
    ) {
      try store.advanceClock(by: TimeSpan(seconds: 1))
    }
  }

  @Test func theClockIsSetOnlyWithinItsRange() throws {
    #expect(throws: StoreError.self) { try store.setClock(to: date("1969-12-31T23:59:59Z")) }
    try store.setClock(to: date("1970-01-01T00:00:00Z"))
    #expect(store.clock.now == VirtualClock.earliest)
    try store.setClock(to: date("9999-12-31T23:59:59Z"))
    #expect(store.clock.now == VirtualClock.latest)
    #expect(throws: StoreError.self) { try store.setClock(to: VirtualClock.latest.addingTimeInterval(1)) }
  }

  @Test func staleEventsAreSkipped() throws {
    _ = try buy("top.weekly")
    try store.renewNow(productId: "top.weekly", account: account)
    try store.advanceClock(by: TimeSpan(seconds: 7 * 86_400 - 1))
    #expect(listener.renewals.count == 1)
  }
}
