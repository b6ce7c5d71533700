import Foundation
import StoreBenchKit
import Testing

/// `Product.SubscriptionInfo` and `Product.SubscriptionOffer`: a subscription's group, level,
/// period and offers, eligibility for the introductory offer, and the group's statuses.
@Suite struct SubscriptionInfoTests {
  @Test func aSubscriptionsTermsComeFromTheCatalogsGroup() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pro = try #require(try await Fixtures.product("pro.monthly").subscription)
      let yearly = try #require(try await Fixtures.product("pro.yearly").subscription)
      let lite = try #require(try await Fixtures.product("lite.monthly").subscription)
      #expect(pro.subscriptionGroupID == yearly.subscriptionGroupID)
      #expect(pro.subscriptionGroupID == lite.subscriptionGroupID)
      #expect(pro.subscriptionGroupID.count == 8 && pro.subscriptionGroupID.allSatisfy(\.isNumber))
      #expect(pro.groupDisplayName == "Pro")
      #expect(pro.groupLevel == 1)
      #expect(lite.groupLevel == 2)
      #expect(pro.subscriptionPeriod == .monthly)
      #expect(yearly.subscriptionPeriod == .yearly)
      #expect(pro != yearly)
      #expect(Set([pro, yearly, pro]).count == 2)
      // The top-level alias names the same type.
      let alias: SubscriptionInfo = pro
      #expect(alias == pro)
    }
  }

  @Test func theOffersReadAsTheCatalogWritesThem() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pro = try #require(try await Fixtures.product("pro.monthly").subscription)
      let intro = try #require(pro.introductoryOffer)
      #expect(intro.id == nil)
      #expect(intro.type == .introductory)
      #expect(intro.paymentMode == .freeTrial)
      #expect(intro.period == .weekly)
      #expect(intro.periodCount == 1)
      #expect(intro.price == 0)

      let promotional = try #require(pro.promotionalOffers.first)
      #expect(pro.promotionalOffers.count == 1)
      #expect(promotional.id == "pro.winback")
      #expect(promotional.type == .promotional)
      #expect(promotional.paymentMode == .payAsYouGo)
      #expect(promotional.period == .monthly)
      #expect(promotional.periodCount == 3)
      #expect(promotional.price == Decimal(string: "1.99"))
      #expect(promotional.displayPrice == "$1.99")

      let winBack = try #require(pro.winBackOffers.first)
      #expect(winBack.id == "pro.comeback")
      #expect(winBack.type == .winBack)
      #expect(winBack.paymentMode == .freeTrial)

      let lite = try #require(try await Fixtures.product("lite.monthly").subscription?.introductoryOffer)
      #expect(lite.paymentMode == .payAsYouGo)
      #expect(lite.periodCount == 3)
      #expect(lite.displayPrice == "$0.99")
      #expect(try await Fixtures.product("pro.yearly").subscription?.introductoryOffer == nil)
    }
  }

  @Test func aSwitchOverAnOffersOpenTypesDescribesIt() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pro = try #require(try await Fixtures.product("pro.monthly").subscription)
      var lines: [String] = []
      for offer in [pro.introductoryOffer].compactMap({ $0 }) + pro.promotionalOffers + pro.winBackOffers {
        let kind: String
        switch offer.type {
        case .introductory: kind = "intro"
        case .promotional: kind = "promo"
        case .winBack: kind = "win-back"
        default: kind = offer.type.rawValue
        }
        let terms: String
        switch offer.paymentMode {
        case .freeTrial: terms = "free for \(offer.periodCount) × \(offer.period.value) \(offer.period.unit)"
        case .payAsYouGo: terms = "\(offer.displayPrice) a period for \(offer.periodCount)"
        case .payUpFront: terms = "\(offer.displayPrice) up front"
        default: terms = offer.paymentMode.rawValue
        }
        lines.append("\(kind): \(terms)")
      }
      #expect(
        lines == [
          "intro: free for 1 × 1 week", "promo: $1.99 a period for 3", "win-back: free for 1 × 1 month",
        ])
    }
  }

  @Test func offerKindsAndPaymentModesHaveRawValuesAndNames() {
    let types: [Product.SubscriptionOffer.OfferType] = [.introductory, .promotional, .winBack]
    #expect(types.map(\.localizedDescription) == ["Introductory", "Promotional", "Win-Back"])
    #expect(Product.SubscriptionOffer.OfferType(rawValue: types[0].rawValue) == .introductory)
    let modes: [Product.SubscriptionOffer.PaymentMode] = [.payAsYouGo, .payUpFront, .freeTrial]
    #expect(modes.map(\.localizedDescription) == ["Pay As You Go", "Pay Up Front", "Free Trial"])
    #expect(Product.SubscriptionOffer.PaymentMode(rawValue: modes[2].rawValue) == .freeTrial)
    #expect(Set(modes.map(\.rawValue)).count == 3)
  }

  @Test func theIntroductoryOfferIsOncePerGroup() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pro = try await Fixtures.product("pro.monthly")
      let lite = try await Fixtures.product("lite.monthly")
      let group = try #require(pro.subscription?.subscriptionGroupID)
      #expect(await pro.subscription?.isEligibleForIntroOffer == true)
      #expect(await Product.SubscriptionInfo.isEligibleForIntroOffer(for: group))
      let trial = try await Fixtures.buy("pro.monthly")
      #expect(trial.offer?.type == .introductory)
      #expect(await pro.subscription?.isEligibleForIntroOffer == false)
      #expect(await lite.subscription?.isEligibleForIntroOffer == false, "the same group")
      #expect(await !Product.SubscriptionInfo.isEligibleForIntroOffer(for: group))
      #expect(await !Product.SubscriptionInfo.isEligibleForIntroOffer(for: "99999999"), "no such group")
    }
  }

  @Test func statusesByGroupAndByTransaction() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let product = try await Fixtures.product("pro.monthly")
      let subscription = try #require(product.subscription)
      #expect(try await subscription.status.isEmpty)
      let bought = try await Fixtures.buy("pro.monthly")
      let statuses = try await subscription.status
      #expect(statuses.count == 1)
      #expect(statuses.first?.state == .subscribed)
      let byGroup = try await Product.SubscriptionInfo.status(for: subscription.subscriptionGroupID)
      #expect(byGroup.map(\.transaction.unsafePayloadValue.id) == [bought.id])
      let byTransaction: SubscriptionStatus? = try await Product.SubscriptionInfo.status(
        transactionID: bought.id)
      #expect(byTransaction?.state == .subscribed)
      #expect(byTransaction?.transaction.unsafePayloadValue.id == bought.id)
      #expect(try await Product.SubscriptionInfo.status(transactionID: 12345) == nil)
      let coins = try await Fixtures.buy("coins.100")
      #expect(try await Product.SubscriptionInfo.status(transactionID: coins.id) == nil, "not a subscription")
      // The sample code's one-liner.
      let state = try? await [product].first?.subscription?.status.first?.state
      #expect(state == .subscribed)
    }
  }

  @available(*, deprecated, message: "uses Product.SubscriptionOffer.Signature, deprecated in iOS 26")
  @Test func aLegacyOfferSignatureIsAValueTheAppFillsIn() {
    let nonce = UUID()
    var signature = Product.SubscriptionOffer.Signature(
      keyID: "KEY1", nonce: nonce, timestamp: 1_736_942_400_000, signature: Data([1, 2, 3]))
    #expect(signature.keyID == "KEY1")
    #expect(signature.nonce == nonce)
    #expect(signature.timestamp == 1_736_942_400_000)
    #expect(signature.signature == Data([1, 2, 3]))
    let copy = signature
    signature.keyID = "KEY2"
    #expect(signature != copy)
    #expect(Set([signature, copy]).count == 2)
  }
}

/// `Product.SubscriptionPeriod`, its `Unit` (a real enum) and their format styles.
@Suite struct SubscriptionPeriodTests {
  @Test func thePresetsAreTheirUnitsAndValues() {
    let presets: [(Product.SubscriptionPeriod, Product.SubscriptionPeriod.Unit, Int, String)] = [
      (.weekly, .week, 1, "P1W"), (.monthly, .month, 1, "P1M"), (.yearly, .year, 1, "P1Y"),
      (.everyThreeDays, .day, 3, "P3D"), (.everyTwoWeeks, .week, 2, "P2W"),
      (.everyTwoMonths, .month, 2, "P2M"),
      (.everyThreeMonths, .month, 3, "P3M"), (.everySixMonths, .month, 6, "P6M"),
    ]
    for (period, unit, value, text) in presets {
      #expect(period.unit == unit)
      #expect(period.value == value)
      #expect(period.debugDescription == text)
    }
    #expect(Set(presets.map(\.0)).count == 8)
    let alias: SubscriptionPeriod = .monthly
    #expect(alias == Product.SubscriptionPeriod.monthly)
  }

  @Test func aSwitchOverTheUnitEndsWithUnknownDefault() {
    func label(_ period: Product.SubscriptionPeriod) -> String {
      let plural = period.value == 1 ? "" : "s"
      switch period.unit {
      case .day: return "\(period.value) day\(plural)"
      case .week: return "\(period.value) week\(plural)"
      case .month: return "\(period.value) month\(plural)"
      case .year: return "\(period.value) year\(plural)"
      @unknown default: return "unknown"
      }
    }
    #expect(
      [.everyThreeDays, .weekly, .everySixMonths, .yearly].map(label) == [
        "3 days", "1 week", "6 months", "1 year",
      ])
  }

  @Test func unitsAreOrderedNamedAndFormatted() {
    let units: [Product.SubscriptionPeriod.Unit] = [.year, .day, .month, .week]
    #expect(units.sorted() == [.day, .week, .month, .year])
    #expect(Product.SubscriptionPeriod.Unit.day < .year)
    #expect(units.map(\.debugDescription) == ["year", "day", "month", "week"])
    #expect(units.map(\.localizedDescription) == ["Year", "Day", "Month", "Week"])
    let style = Product.SubscriptionPeriod.Unit.FormatStyle().locale(Locale(identifier: "en_US"))
    #expect(style.format(.week) == "week")
    #expect(Product.SubscriptionPeriod.Unit.month.formatted(style) == "month")
    #expect(style == Product.SubscriptionPeriod.Unit.FormatStyle().locale(Locale(identifier: "en_US")))
  }

  @Test func aPeriodsDateRangeIsCalendarAware() {
    // 2025-01-31: a month later is the end of February.
    let endOfJanuary = Date(timeIntervalSince1970: 1_738_281_600)
    let month = Product.SubscriptionPeriod.monthly.dateRange(referenceDate: endOfJanuary)
    #expect(month.lowerBound == endOfJanuary)
    #expect(month.upperBound == Fixtures.date(endOfJanuary, plus: DateComponents(month: 1)))
    #expect(month.upperBound.timeIntervalSince(endOfJanuary) == 28 * 86_400)
    let week = Product.SubscriptionPeriod.everyTwoWeeks.dateRange(referenceDate: Fixtures.start)
    #expect(week.upperBound.timeIntervalSince(week.lowerBound) == 14 * 86_400)
    let now = Product.SubscriptionPeriod.everyThreeDays.dateRange()
    #expect(abs(now.lowerBound.timeIntervalSinceNow) < 60)
    #expect(now.upperBound.timeIntervalSince(now.lowerBound) == 3 * 86_400)
  }

  @Test func aPeriodFormatsAsADurationOrADateRange() {
    let days = Product.SubscriptionPeriod.everyTwoWeeks.formatted(
      .units(allowed: [.days], width: .wide), referenceDate: Fixtures.start)
    #expect(days == "14 days")
    let range = Product.SubscriptionPeriod.yearly.formatted(
      Product.SubscriptionPeriodFormatStyleProbe(), referenceDate: Fixtures.start)
    #expect(range == 365 * 86_400)
  }

  @Test func dateComponentsOfAPeriodAddThePeriod() {
    #expect(DateComponents(subscriptionPeriod: .everyThreeDays) == DateComponents(day: 3))
    #expect(DateComponents(subscriptionPeriod: .everyTwoWeeks) == DateComponents(weekOfYear: 2))
    #expect(DateComponents(subscriptionPeriod: .everySixMonths) == DateComponents(month: 6))
    #expect(DateComponents(subscriptionPeriod: .yearly) == DateComponents(year: 1))
    let later = Fixtures.utc.date(
      byAdding: DateComponents(subscriptionPeriod: .everyTwoMonths), to: Fixtures.start)
    #expect(later == Fixtures.date(Fixtures.start, plus: DateComponents(month: 2)))
  }
}

extension Product {
  /// A format style of date ranges, as an app might write one: the range's length in seconds.
  struct SubscriptionPeriodFormatStyleProbe: FormatStyle {
    func format(_ value: Range<Date>) -> TimeInterval { value.upperBound.timeIntervalSince(value.lowerBound) }
  }
}
