import Catalog
import Foundation
import Testing

@testable import Store

private func codeCatalog() -> Catalog {
  func text(_ id: String) -> [Localization] {
    [Localization(locale: "en_US", text: LocalizedText(title: id, description: ""))]
  }
  let month = SubscriptionPeriod(value: 1, unit: .month)
  var monthly = Product(
    id: "plus.monthly", type: .autoRenewable, referenceName: "Plus", localizations: text("plus.monthly"),
    basePrice: 5,
    subscription: Subscription(
      group: "Plus", level: 2, period: month,
      introductoryOffer: Offer(
        mode: .freeTrial, period: .init(value: 1, unit: .week), numberOfPeriods: 1, price: 0)))
  monthly.codeOffers = [
    CodeOffer(
      referenceName: "Winter", terms: Offer(mode: .freeTrial, period: month, numberOfPeriods: 1, price: 0),
      eligibility: [.new, .expired], isStackable: false),
    CodeOffer(
      referenceName: "Loyal", terms: Offer(mode: .payAsYouGo, period: month, numberOfPeriods: 2, price: 2),
      eligibility: [.existing], isStackable: false),
    CodeOffer(
      referenceName: "Stacked", terms: Offer(mode: .payAsYouGo, period: month, numberOfPeriods: 1, price: 1),
      eligibility: [.new], isStackable: true),
    CodeOffer(
      referenceName: "Canada", terms: Offer(mode: .freeTrial, period: month, numberOfPeriods: 1, price: 0),
      eligibility: CodeOffer.Eligibility.allCases, isStackable: false, storefronts: ["CAN"]),
  ]
  var pro = Product(
    id: "pro", type: .nonConsumable, referenceName: "Pro", localizations: text("pro"), basePrice: 10)
  var half = CodeOffer(
    referenceName: "Half", terms: .oneTime(kind: .code, id: "Half", price: 5), eligibility: [],
    isStackable: false)
  half.customCodes = [CodeOffer.CustomCode(code: "HALF", limit: 2)]
  pro.codeOffers = [half]
  return Catalog(bundleId: "b", products: [monthly, pro])
}

/// Collects what the store tells the devices and the server.
private final class Listener: StoreListener {
  var transactions: [PurchaseRecord] = []
  var events: [ServerEvent] = []
  func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account) {
    transactions.append(record)
  }
  func store(_ store: Store, didRevoke productIds: [String], for account: Account) {}
  func store(
    _ store: Store, didEndAccessTo productId: String, for account: Account, because reason: AccessEnd
  ) {}
  func store(_ store: Store, didPublish event: ServerEvent) { events.append(event) }
}

@Suite struct OfferCodeTests {
  let store = Store(catalog: codeCatalog(), log: EventLog())
  let account: Account
  private let listener = Listener()

  init() {
    account = store.account(named: "default")!
    store.listener = listener
  }

  private func make(
    _ offer: String, custom: String? = nil, limit: Int? = nil, expires: Date? = nil
  ) throws -> String {
    let product = offer == "Half" ? "pro" : "plus.monthly"
    return try #require(
      try store.makeOfferCodes(
        productId: product, offerName: offer, custom: custom, count: 1, limit: limit, expires: expires
      ).first
    ).code
  }

  private func refusal(_ code: String) -> OfferCodeRefusal.Kind? {
    guard case .failure(let refusal) = store.redeem(code: code, account: account) else { return nil }
    return refusal.kind
  }

  @Test func aNewSubscriberRedeemsACodeAsATransactionMadeOutsideTheApp() throws {
    let code = try make("Winter")
    let redemption = try store.redeem(code: code.lowercased(), account: account).get()
    let record = try #require(redemption.record)
    #expect(record.offer == OfferReference(kind: .code, id: "Winter") && record.offerCodeRefName == "Winter")
    #expect(record.isTrialPeriod && record.offerKind == .code && record.charged.amount == 0)
    #expect(listener.transactions.map(\.transactionNumber) == [record.transactionNumber])
    #expect(listener.events.map(\.kind) == [.subscribed] && listener.events.first?.subtype == .initialBuy)
    #expect(store.offerCodes.code(code)?.state(at: store.clock.now) == .used)
  }

  @Test func oneTimeCodesDifferAndRepeatFromTheSameSeed() throws {
    let first = try store.makeOfferCodes(
      productId: "plus.monthly", offerName: "Winter", custom: nil, count: 3, limit: nil, expires: nil
    ).map(\.code)
    #expect(Set(first).count == 3 && first.allSatisfy { $0.count == 12 })
    let again = Store(catalog: codeCatalog(), log: EventLog())
    #expect(
      try again.makeOfferCodes(
        productId: "plus.monthly", offerName: "Winter", custom: nil, count: 3, limit: nil, expires: nil
      ).map(\.code) == first)
  }

  @Test func aUsedOneTimeCodeIsRefused() throws {
    let code = try make("Winter")
    _ = store.redeem(code: code, account: account)
    #expect(refusal(code) == .alreadyRedeemed)
  }

  @Test func aCustomCodeStopsAtItsLimit() throws {
    #expect(throws: Never.self) {
      try store.redeem(code: "HALF", account: store.addAccount(named: "a")).get()
    }
    #expect(throws: Never.self) {
      try store.redeem(code: "HALF", account: store.addAccount(named: "b")).get()
    }
    #expect(refusal("HALF") == .alreadyRedeemed)
  }

  @Test func anUnknownCodeIsNotValid() {
    #expect(refusal("NOSUCHCODE") == .invalid)
  }

  @Test func anExpiredCodeIsRefused() throws {
    let code = try make("Winter", custom: "SOON", expires: store.clock.now.addingTimeInterval(86_400))
    try store.setClock(to: store.clock.now.addingTimeInterval(86_400))
    #expect(refusal(code) == .expired)
  }

  @Test func aCodeForAnotherStorefrontIsRefused() throws {
    #expect(refusal(try make("Canada")) == .wrongStorefront)
  }

  @Test func eligibilityFollowsTheCustomersStandingInTheGroup() throws {
    #expect(refusal(try make("Loyal")) == .ineligible)
    _ = try store.redeem(code: try make("Winter"), account: account).get()
    #expect(refusal(try make("Winter")) == .ineligible)
  }

  @Test func anActiveSubscribersCodeStartsAtTheNextRenewal() throws {
    _ = try store.charge(productId: "plus.monthly", quantity: 1, account: account).get()
    let redemption = try store.redeem(code: try make("Loyal"), account: account).get()
    #expect(redemption.record == nil)
    #expect(listener.events.last?.kind == .offerRedeemed)
    let state = try #require(account.subscriptions["Plus"])
    #expect(state.pendingOffer?.reference == OfferReference(kind: .code, id: "Loyal"))
  }

  @Test func aStackableCodeFollowsTheIntroductoryOffer() throws {
    let record = try #require(try store.redeem(code: try make("Stacked"), account: account).get().record)
    #expect(record.offerKind == .introductory && record.isTrialPeriod)
    #expect(account.subscriptions["Plus"]?.pendingOffer?.id == "Stacked")
  }

  @Test func aNonConsumableCodeChargesItsOneTimePriceOnceOwnedItIsRefused() throws {
    let record = try #require(try store.redeem(code: "half", account: account).get().record)
    #expect(record.charged.amount == 5 && record.offerCodeRefName == "Half")
    #expect(listener.events.map(\.kind) == [.oneTimeCharge])
    #expect(refusal("HALF") == .unavailable)
  }

  @Test func makingCodesChecksTheOfferAndTheName() {
    #expect(throws: StoreError.self) {
      try store.makeOfferCodes(
        productId: "pro", offerName: "Nope", custom: nil, count: 1, limit: nil, expires: nil)
    }
    #expect(throws: StoreError.self) {
      try store.makeOfferCodes(
        productId: "pro", offerName: "Half", custom: "no spaces", count: 1, limit: nil, expires: nil)
    }
    #expect(throws: StoreError.self) {
      try store.makeOfferCodes(
        productId: "pro", offerName: "Half", custom: "HALF", count: 1, limit: nil, expires: nil)
    }
  }
}
