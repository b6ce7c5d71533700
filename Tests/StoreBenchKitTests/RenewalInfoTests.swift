import Foundation
import StoreBenchKit
import Testing

/// `Product.SubscriptionInfo.RenewalInfo`: what happens at the next renewal, its price increase
/// status (a frozen enum) and its expiration reason (an open set).
@Suite struct RenewalInfoTests {
  /// The renewal info of the group's subscription, verified.
  static func renewalInfo() async throws -> Product.SubscriptionInfo.RenewalInfo {
    let subscription = try #require(try await Fixtures.product("pro.monthly").subscription)
    let status = try #require(try await subscription.status.first)
    return try status.renewalInfo.payloadValue
  }

  @Test func aNewSubscriptionsRenewalInfoReadsAsTheAppStoreSignedIt() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let token = UUID()
      let bought = try await Fixtures.buy("pro.monthly", options: [.appAccountToken(token)])
      let info: SubscriptionRenewalInfo = try await Self.renewalInfo()
      #expect(info.originalTransactionID == bought.originalID)
      #expect(info.currentProductID == "pro.monthly")
      #expect(info.willAutoRenew)
      #expect(info.autoRenewPreference == "pro.monthly")
      #expect(info.expirationReason == nil)
      #expect(info.priceIncreaseStatus == .noIncreasePending)
      #expect(!info.isInBillingRetry)
      #expect(info.gracePeriodExpirationDate == nil)
      #expect(info.offer == nil, "the trial is over at the next renewal")
      #expect(info.environment == .sandbox)
      #expect(info.eligibleWinBackOfferIDs.isEmpty)
      #expect(info.deviceVerification.count == 48)
      #expect(info.signedDate == Fixtures.start)
      #expect(info.appAccountToken == token)
      #expect(info.recentSubscriptionStartDate == Fixtures.start)
      #expect(info.renewalDate == bought.expirationDate)
      #expect(info.renewalPrice == Decimal(string: "4.99"))
      #expect(info.currency == Locale.Currency("USD"))
      #expect(info.appTransactionID == bought.appTransactionID)
      let json = try #require(
        try JSONSerialization.jsonObject(with: info.jsonRepresentation) as? [String: Any])
      #expect(json["autoRenewProductId"] as? String == "pro.monthly")
      #expect(info.debugDescription == String(decoding: info.jsonRepresentation, as: UTF8.self))
    }
  }

  @Test func aDowngradeWaitsForTheNextRenewal() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      let lite = try await Fixtures.product("lite.monthly")
      _ = try await lite.purchase()
      let info = try await Self.renewalInfo()
      #expect(info.currentProductID == "pro.monthly")
      #expect(info.autoRenewPreference == "lite.monthly")
    }
  }

  @Test func anUpgradeIsImmediateAndMarksTheOldTransaction() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let lite = try await Fixtures.buy("lite.monthly")
      await lite.finish()
      let pro = try await Fixtures.buy("pro.monthly")
      #expect(pro.productID == "pro.monthly")
      let old = try #require(await Transaction.latest(for: "lite.monthly")?.unsafePayloadValue)
      #expect(old.isUpgraded)
      #expect(try await Self.renewalInfo().currentProductID == "pro.monthly")
    }
  }

  @Test func aPriceIncreaseWaitsForConsentThenRenewsAtTheNewPrice() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      try store.raisePrice(productID: "pro.monthly", to: Decimal(string: "5.99")!, consentRequired: true)
      #expect(try await Self.renewalInfo().priceIncreaseStatus == .pending)
      try store.answerPriceConsent(accept: true, productID: "pro.monthly")
      let agreed = try await Self.renewalInfo()
      #expect(agreed.priceIncreaseStatus == .agreed)
      #expect(agreed.renewalPrice == Decimal(string: "5.99"))
      try store.advanceClock(by: "8d")
      #expect(
        await Transaction.latest(for: "pro.monthly")?.unsafePayloadValue.price == Decimal(string: "5.99"))
    }
  }

  @Test func aDeclinedPriceIncreaseExpiresTheSubscription() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      try store.raisePrice(productID: "pro.monthly", to: Decimal(string: "5.99")!, consentRequired: true)
      try store.answerPriceConsent(accept: false, productID: "pro.monthly")
      #expect(try await Self.renewalInfo().willAutoRenew == false)
      try store.advanceClock(by: "8d")
      #expect(try await Self.renewalInfo().expirationReason == .didNotConsentToPriceIncrease)
    }
  }

  @Test func aSwitchOverThePriceIncreaseStatusNeedsNoDefault() {
    func banner(_ status: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus) -> String? {
      switch status {
      case .noIncreasePending: nil
      case .pending: "Please review the new price"
      case .agreed: "Thanks"
      }
    }
    #expect(
      [.noIncreasePending, .pending, .agreed].map(banner) == [nil, "Please review the new price", "Thanks"])
    #expect(
      [Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus.noIncreasePending, .pending, .agreed].map(
        \.localizedDescription) == ["No Increase Pending", "Pending", "Agreed"])
  }

  @Test func expirationReasonsAreAnOpenSet() {
    func explain(_ reason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason) -> String {
      switch reason {
      case .autoRenewDisabled: "you cancelled"
      case .billingError: "payment failed"
      case .didNotConsentToPriceIncrease: "new price declined"
      case .productUnavailable: "no longer sold"
      case .unknown: "unknown"
      default: "other"
      }
    }
    let reasons: [Product.SubscriptionInfo.RenewalInfo.ExpirationReason] = [
      .autoRenewDisabled, .billingError, .didNotConsentToPriceIncrease, .productUnavailable, .unknown,
      .init(rawValue: 42),
    ]
    #expect(
      reasons.map(explain)
        == ["you cancelled", "payment failed", "new price declined", "no longer sold", "unknown", "other"])
    #expect(reasons.map(\.rawValue) == [1, 2, 3, 4, 5, 42])
    #expect(
      reasons.map(\.localizedDescription)
        == [
          "Auto-Renew Disabled", "Billing Error", "Did Not Consent To Price Increase", "Product Unavailable",
          "Unknown", "Unknown",
        ])
  }

  @Test func aRenewalInfoIsEqualToItselfAndChangesWithTheSubscription() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      let before = try await Self.renewalInfo()
      #expect(try await Self.renewalInfo() == before, "the same world, the same JSON")
      #expect(before == before)
      try store.setAutoRenew(false, productID: "pro.monthly")
      let after = try await Self.renewalInfo()
      #expect(after != before)
      #expect(Set([before, after, before]).count == 2)
    }
  }

  @available(*, deprecated, message: "reads the deprecated string forms, as apps built for iOS 15 do")
  @Test func theDeprecatedAccessorsReadTheNewFields() async throws {
    let store = try Fixtures.store()
    try await store.run {
      // lite.monthly's introductory offer lasts three months: the next renewal is still in it.
      try await Fixtures.buy("lite.monthly").finish()
      let info = try await Self.renewalInfo()
      #expect(info.offer?.type == .introductory)
      #expect(info.renewalPrice == Decimal(string: "0.99"))
      #expect(info.offerID == nil)
      #expect(info.offerType == .introductory)
      #expect(info.offerPaymentModeStringRepresentation == "PAY_AS_YOU_GO")
      #expect(info.offerPeriodStringRepresentation == "P3M", "the offer's whole length")
      #expect(info.offer?.period == .everyThreeMonths)
      #expect(info.environmentStringRepresentation == "Sandbox")
      #expect(info.currencyCode == "USD")
    }
  }
}
