import Foundation
import StoreBenchKit
import Testing

/// iOS 26.4's monthly subscriptions with a 12-month commitment, as an app's code meets them: the
/// product's `pricingTerms`, a purchase with `billingPlanType(.monthly)`, the commitment in each
/// transaction and in the renewal info, and auto-renew turned off mid-commitment.
@Suite struct CommitmentTests {
  /// `catalog/commitments.json`: `studio.yearly`, billed up front or monthly over a year.
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/commitments.json").standardizedFileURL

  static func store() throws -> TestStore {
    try TestStore(catalogFile: catalog, time: .fixed(Fixtures.start))
  }

  /// The paywall's monthly choice: the pricing terms billed monthly.
  static func monthlyTerms(of product: Product) throws -> Product.SubscriptionInfo.PricingTerms {
    let subscription = try #require(product.subscription)
    return try #require(subscription.pricingTerms.first { $0.billingPlanType == .monthly })
  }

  static func renewalInfo() async throws -> Product.SubscriptionInfo.RenewalInfo {
    let subscription = try #require(try await Fixtures.product("studio.yearly").subscription)
    let status = try #require(try await subscription.status.first)
    return try status.renewalInfo.payloadValue
  }

  @Test func aYearlyProductOffersItsBillingPlansAsPricingTerms() async throws {
    try await Self.store().run {
      let product = try await Fixtures.product("studio.yearly")
      let terms = try #require(product.subscription?.pricingTerms)
      #expect(terms.map(\.billingPlanType) == [.upFront, .monthly])
      let monthly = try Self.monthlyTerms(of: product)
      #expect(monthly.billingPrice == Decimal(string: "5.99"))
      #expect(monthly.billingDisplayPrice == "$5.99")
      #expect(monthly.billingPeriod == .monthly)
      #expect(monthly.commitmentInfo.price == Decimal(string: "71.88"))
      #expect(monthly.commitmentInfo.period == .yearly)
      #expect(monthly[offers: .introductory].isEmpty)
      #expect(terms[0][offers: .introductory].count == 1, "the free week goes with the plan billed up front")
      let plain = try await Fixtures.product("studio.monthly")
      #expect(plain.subscription?.pricingTerms == [])
    }
  }

  @Test func aCommitmentBillsMonthAfterMonthAndSaysWhereItIs() async throws {
    let store = try Self.store()
    try await store.run {
      let first = try await Fixtures.buy("studio.yearly", options: [.billingPlanType(.monthly)])
      await first.finish()
      #expect(first.billingPlanType == .monthly)
      #expect(first.price == Decimal(string: "5.99"))
      #expect(first.offer == nil, "no free week with the monthly plan")
      let commitment = try #require(first.commitmentInfo)
      #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12)
      #expect(commitment.price == Decimal(string: "71.88"))
      #expect(commitment.expirationDate == Fixtures.date(Fixtures.start, plus: DateComponents(year: 1)))
      #expect(first.expirationDate == Fixtures.date(Fixtures.start, plus: DateComponents(month: 1)))

      try store.advanceClock(by: "2mo")
      let latest = try #require(await Transaction.latest(for: "studio.yearly")).unsafePayloadValue
      #expect(latest.reason == .renewal)
      #expect(latest.commitmentInfo?.billingPeriodNumber == 3)
      #expect(latest.commitmentInfo?.expirationDate == commitment.expirationDate)
      #expect(latest.originalID == first.id)

      let info = try await Self.renewalInfo()
      #expect(info.renewalBillingPlanType == .monthly)
      #expect(info.renewalPrice == Decimal(string: "5.99"))
      let next = try #require(info.commitmentInfo)
      #expect(next.willAutoRenew && next.autoRenewPreference == "studio.yearly")
      #expect(next.renewalBillingPlanType == .monthly)
      #expect(next.renewalDate == commitment.expirationDate)
    }
  }

  @Test func autoRenewOffMidCommitmentBillsTheMonthsLeftThenEnds() async throws {
    let store = try Self.store()
    try await store.run {
      let first = try await Fixtures.buy("studio.yearly", options: [.billingPlanType(.monthly)])
      await first.finish()
      try store.advanceClock(by: "3mo")
      try store.setAutoRenew(false, productID: "studio.yearly")

      let info = try await Self.renewalInfo()
      #expect(info.willAutoRenew, "the customer is still billed the months left")
      #expect(info.commitmentInfo?.willAutoRenew == false, "no new commitment starts")

      try store.advanceClock(by: "8mo")
      #expect(try await Fixtures.product("studio.yearly").subscription?.status.first?.state == .subscribed)
      let last = try #require(await Transaction.latest(for: "studio.yearly")).unsafePayloadValue
      #expect(last.commitmentInfo?.billingPeriodNumber == 12)
      #expect(try await Self.renewalInfo().willAutoRenew == false, "the last month: nothing renews")

      try store.advanceClock(by: "1mo")
      let status = try #require(try await Fixtures.product("studio.yearly").subscription?.status.first)
      #expect(status.state == .expired)
      #expect(try status.renewalInfo.payloadValue.expirationReason == .autoRenewDisabled)
      let all = await Fixtures.collect(Transaction.all(for: "studio.yearly"))
      #expect(all.count == 12)
      #expect(all.allSatisfy { $0.price == Decimal(string: "5.99") })
    }
  }

  @Test func withAutoRenewOnANewCommitmentFollowsTheFirst() async throws {
    let store = try Self.store()
    try await store.run {
      let first = try await Fixtures.buy("studio.yearly", options: [.billingPlanType(.monthly)])
      await first.finish()
      try store.advanceClock(by: "1y")
      let latest = try #require(await Transaction.latest(for: "studio.yearly")).unsafePayloadValue
      let commitment = try #require(latest.commitmentInfo)
      #expect(commitment.billingPeriodNumber == 1, "the thirteenth month opens a new commitment")
      #expect(commitment.expirationDate == Fixtures.date(Fixtures.start, plus: DateComponents(year: 2)))
    }
  }

  @Test func aProductWithoutTheMonthlyPlanRefusesIt() async throws {
    try await Self.store().run {
      let product = try await Fixtures.product("studio.monthly")
      await #expect(throws: Product.PurchaseError.productUnavailable) {
        try await product.purchase(options: [.billingPlanType(.monthly)])
      }
      #expect(await Fixtures.collect(Transaction.all).isEmpty)
    }
  }
}
