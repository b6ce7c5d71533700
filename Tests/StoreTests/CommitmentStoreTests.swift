import Catalog
import Foundation
import Testing
import Vocabulary

@testable import Store

/// A yearly product whose monthly billing plan commits the customer to twelve monthly billings.
private func commitmentCatalog(promotionalOffers: [Offer] = []) -> Catalog {
  var terms = Subscription(
    group: "G", level: 1, period: SubscriptionPeriod(value: 1, unit: .year),
    promotionalOffers: promotionalOffers)
  terms.billingPlans = [
    BillingPlan(kind: .billedUpFront, price: 60, commitmentPrice: 60, isEnabled: true),
    BillingPlan(kind: .monthly, price: 6, commitmentPrice: 72, isEnabled: true),
  ]
  let yearly = Product(
    id: "yearly", type: .autoRenewable, referenceName: "yearly",
    localizations: [Localization(locale: "en_US", text: LocalizedText(title: "Yearly", description: ""))],
    basePrice: 60, subscription: terms)
  var monthly = yearly
  monthly.id = "monthly"
  monthly.subscription = Subscription(
    group: "G", level: 1, period: SubscriptionPeriod(value: 1, unit: .month))
  return Catalog(bundleId: "b", products: [yearly, monthly])
}

@Suite struct CommitmentStoreTests {
  let store = Store(catalog: commitmentCatalog(), log: EventLog())
  let account: Account

  init() {
    account = store.account(named: "default")!
  }

  private func date(_ text: String) -> Date { Timestamp.parse(text)! }

  private func buyMonthly() throws -> PurchaseRecord {
    try store.charge(productId: "yearly", quantity: 1, account: account, billingPlan: .monthly).get()
  }

  private var state: SubscriptionState { account.subscriptions["G"]! }

  @Test func eachMonthOfTheCommitmentIsARenewalAtTheMonthlyPrice() throws {
    let first = try buyMonthly()
    #expect(first.charged.amount == 6 && first.billingPlan == .monthly)
    #expect(first.expiresDate == date("2026-02-01"))
    #expect(first.commitment?.periodNumber == 1 && first.commitment?.totalPeriods == 12)
    #expect(first.commitment?.expiresDate == date("2027-01-01"))
    #expect(first.commitment?.price.amount == 72)
    try store.advanceClock(by: TimeSpan(months: 11))
    let year = account.history
    #expect(year.count == 12)
    #expect(year.map { $0.commitment?.periodNumber } == Array(1...12))
    #expect(year.dropFirst().allSatisfy { $0.reason == .renewal && $0.charged.amount == 6 })
    #expect(year.last?.expiresDate == date("2027-01-01"))
    #expect(Set(year.compactMap(\.webOrderLineItemNumber)).count == 12)
  }

  @Test func autoRenewOffInsideTheCommitmentStillBillsTheMonthsLeftThenExpires() throws {
    _ = try buyMonthly()
    try store.advanceClock(by: TimeSpan(months: 3))
    try store.setAutoRenew(false, productId: "yearly", account: account)
    #expect(state.willRenewNext && state.isCommittedToNextBilling)
    try store.advanceClock(by: TimeSpan(months: 8))
    #expect(account.history.count == 12)
    #expect(state.status(at: store.clock.now) == .active)
    #expect(!state.willRenewNext, "the last month: nothing is billed next")
    try store.advanceClock(by: TimeSpan(months: 1))
    #expect(account.history.count == 12)
    #expect(state.status(at: store.clock.now) == .expired)
    #expect(state.expirationIntent == .customerCancelled)
  }

  @Test func withAutoRenewOnTheNextCommitmentFollowsTheRenewalPlan() throws {
    _ = try buyMonthly()
    try store.advanceClock(by: TimeSpan(months: 12))
    let thirteenth = try #require(account.history.last)
    #expect(thirteenth.commitment?.periodNumber == 1)
    #expect(thirteenth.commitment?.startDate == date("2027-01-01"))
    #expect(thirteenth.commitment?.expiresDate == date("2028-01-01"))
    #expect(thirteenth.originalTransactionNumber == account.history[0].transactionNumber)
  }

  @Test func aChangeOfProductWaitsForTheCommitmentsEnd() throws {
    _ = try buyMonthly()
    _ = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    #expect(state.autoRenewProductId == "monthly")
    try store.advanceClock(by: TimeSpan(months: 11))
    #expect(account.history.allSatisfy { $0.productId == "yearly" })
    try store.advanceClock(by: TimeSpan(months: 1))
    let after = try #require(account.history.last)
    #expect(after.productId == "monthly" && after.commitment == nil && after.billingPlan == nil)
    #expect(after.charged.amount == 60)
  }

  @Test func billingRetryInsideTheCommitmentKeepsItsSchedule() throws {
    _ = try buyMonthly()
    store.isBillingRetryOn = true
    try store.advanceClock(by: TimeSpan(months: 1, seconds: 86_400))
    #expect(state.status(at: store.clock.now) == .inBillingRetry)
    store.isBillingRetryOn = false
    #expect(store.fixBilling(account: account) == 1)
    let recovered = try #require(account.history.last)
    #expect(recovered.commitment?.periodNumber == 2)
    #expect(recovered.expiresDate == date("2026-03-01"), "the commitment's months do not move")
  }

  @Test func aRefundedMonthRevokesTheSubscriptionAndItsCommitment() throws {
    _ = try buyMonthly()
    try store.advanceClock(by: TimeSpan(months: 2))
    let latest = try #require(account.history.last)
    try store.refund(transactionNumber: latest.transactionNumber, reason: .other, account: account)
    #expect(state.status(at: store.clock.now) == .revoked)
    try store.advanceClock(by: TimeSpan(months: 2))
    #expect(account.history.count == 3)
  }

  @Test func aPlanTheProductLacksIsRefused() throws {
    final class Actions: @unchecked Sendable { var details: [String] = [] }
    let actions = Actions()
    store.log.redirect { actions.details.append("\($0.action): \($0.detail)") }
    let result = store.charge(productId: "monthly", quantity: 1, account: account, billingPlan: .monthly)
    #expect(throws: SKErrorCode.paymentInvalid) { try result.get() }
    #expect(actions.details == ["billingPlanRefused: monthly MONTHLY: monthly has no MONTHLY billing plan"])
    #expect(account.history.isEmpty)
  }

  @Test func aPromotionalOfferIsRefusedInsideACommitment() throws {
    let half = Offer(
      id: "half", mode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .month), numberOfPeriods: 1,
      price: 3)
    let store = Store(catalog: commitmentCatalog(promotionalOffers: [half]), log: EventLog())
    let account = try #require(store.account(named: "default"))
    _ = try store.charge(productId: "yearly", quantity: 1, account: account, billingPlan: .monthly).get()
    let result = store.charge(productId: "yearly", quantity: 1, account: account, offerId: "half")
    #expect(throws: SKErrorCode.invalidOfferIdentifier) { try result.get() }
    #expect(account.subscriptions["G"]?.pendingOffer == nil)
  }

  @Test func theUpFrontPlanChargesItsPriceForTheWholePeriod() throws {
    let record = try store.charge(
      productId: "yearly", quantity: 1, account: account, billingPlan: .billedUpFront
    )
    .get()
    #expect(record.billingPlan == .billedUpFront && record.commitment == nil)
    #expect(record.charged.amount == 60 && record.expiresDate == date("2027-01-01"))
  }

  @Test func aSavedSubscriptionKeepsItsCommitment() throws {
    _ = try buyMonthly()
    try store.setAutoRenew(false, productId: "yearly", account: account)
    let restored = SubscriptionState(
      restoring: "default", group: "G", originalTransactionNumber: state.originalTransactionNumber,
      originalPurchaseDate: state.originalPurchaseDate, progress: state.progress)
    #expect(restored.progress == state.progress)
    #expect(restored.commitment == state.commitment && restored.billingPlan == .monthly)
    #expect(restored.isCommittedToNextBilling && !restored.isAutoRenewOn)
  }
}
