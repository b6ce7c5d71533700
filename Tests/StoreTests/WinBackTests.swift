import Catalog
import Foundation
import Testing

@testable import Store

private func winBackCatalog() -> Catalog {
  let month = SubscriptionPeriod(value: 1, unit: .month)
  var terms = Subscription(group: "G", level: 1, period: month)
  terms.winBackOffers = [
    Offer(id: "free", kind: .winBack, mode: .freeTrial, period: month, numberOfPeriods: 1, price: 0),
    Offer(id: "half", kind: .winBack, mode: .payAsYouGo, period: month, numberOfPeriods: 3, price: 2),
    Offer(
      id: "cheap", kind: .winBack, mode: .payUpFront, period: .init(value: 6, unit: .month),
      numberOfPeriods: 1, price: 3),
  ]
  terms.winBackRules["free"] = WinBackRules(
    minimumPaidMonths: 2, minimumMonthsSinceChurn: 1, maximumMonthsSinceChurn: 3, monthsBetweenRedemptions: 12
  )
  let product = Product(
    id: "monthly", type: .autoRenewable, referenceName: "M",
    localizations: [Localization(locale: "en_US", text: LocalizedText(title: "M", description: ""))],
    basePrice: 5,
    subscription: terms)
  return Catalog(bundleId: "b", products: [product])
}

@Suite struct WinBackTests {
  let store = Store(catalog: winBackCatalog(), log: EventLog())
  let account: Account

  init() {
    account = store.account(named: "default")!
  }

  private func days(_ count: Double) {
    store.advanceClock(to: store.clock.now.addingTimeInterval(count * 86_400))
  }

  private var eligible: [String] {
    store.eligibleWinBackOffers(group: "G", account: account).compactMap(\.offer.id)
  }

  @Test func aCustomerWhoNeverSubscribedOrIsSubscribedIsNotEligible() throws {
    #expect(eligible.isEmpty)
    _ = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    #expect(eligible.isEmpty)
    let offer = try #require(store.catalog.product("monthly")?.subscription?.winBackOffers.first)
    #expect(
      store.winBackRefusal(offer, of: store.catalog.product("monthly")!, account: account)?.contains(
        "subscribed") == true)
  }

  @Test func eachRuleHasItsEdgeAndTheBestOfferComesFirst() throws {
    _ = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    days(40)  // one renewal: two paid months by the end of the second
    try store.setAutoRenew(false, productId: "monthly", account: account)
    days(25)  // expired at about day 61; churned less than a month
    #expect(eligible == ["cheap", "half"])  // 0.5 a month before 2 a month
    days(30)  // a month since churn: the free month joins, and is the best
    #expect(eligible == ["free", "cheap", "half"])
    days(100)  // more than three months since churn: the free month's maximum passed
    #expect(eligible == ["cheap", "half"])
  }

  @Test func aRedemptionStartsTheWaitBetweenTwo() throws {
    _ = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    days(40)
    try store.setAutoRenew(false, productId: "monthly", account: account)
    days(60)
    #expect(eligible.first == "free")
    _ = try store.charge(productId: "monthly", quantity: 1, account: account, winBackOfferId: "free").get()
    #expect(account.history.last?.offer == OfferReference(kind: .winBack, id: "free"))
    try store.setAutoRenew(false, productId: "monthly", account: account)
    days(60)
    #expect(!eligible.contains("free"))
    #expect(
      store.charge(productId: "monthly", quantity: 1, account: account, winBackOfferId: "free")
        == .failure(.ineligibleForOffer))
    #expect(
      store.charge(productId: "monthly", quantity: 1, account: account, winBackOfferId: "nope")
        == .failure(.invalidOfferIdentifier))
  }
}
