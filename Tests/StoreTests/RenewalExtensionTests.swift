import Catalog
import Foundation
import Testing

@testable import Store

/// Collects what the store tells the app's server.
private final class ServerListener: StoreListener {
  var events: [ServerEvent] = []
  func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account) {}
  func store(_ store: Store, didRevoke productIds: [String], for account: Account) {}
  func store(
    _ store: Store, didEndAccessTo productId: String, for account: Account, because reason: AccessEnd
  ) {}
  func store(_ store: Store, didPublish event: ServerEvent) { events.append(event) }
}

@Suite struct RenewalExtensionTests {
  let store: Store
  fileprivate let listener = ServerListener()
  let account: Account

  init() throws {
    let product = Product(
      id: "monthly", type: .autoRenewable, referenceName: "monthly",
      localizations: [Localization(locale: "en_US", text: LocalizedText(title: "monthly", description: ""))],
      basePrice: 5,
      subscription: Subscription(group: "G", level: 1, period: SubscriptionPeriod(iso8601: "P1M")!))
    store = Store(catalog: Catalog(bundleId: "b", products: [product]), log: EventLog())
    store.listener = listener
    account = try #require(store.account(named: "default"))
  }

  @Test func anExtensionMovesTheExpiryReschedulesTheRenewalAndIsPublished() throws {
    let record = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    let expires = try #require(record.expiresDate)
    listener.events = []
    let extended = try store.extendRenewalDate(
      originalTransactionNumber: record.transactionNumber, days: 10, account: account)
    #expect(extended.expiresDate == expires.addingTimeInterval(10 * 86_400))
    #expect(
      listener.events == [
        ServerEvent(.renewalExtended, account: "default", transactionNumber: record.transactionNumber)
      ])
    store.advanceClock(to: expires.addingTimeInterval(86_400))
    #expect(account.history.count == 1)
    store.advanceClock(to: expires.addingTimeInterval(10 * 86_400))
    #expect(account.history.count == 2 && account.history[1].purchaseDate == extended.expiresDate)
  }

  @Test func refusalsChangeNothing() throws {
    let record = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    for _ in 0..<2 {
      try store.extendRenewalDate(
        originalTransactionNumber: record.transactionNumber, days: 1, account: account)
    }
    let before = account.history[0]
    #expect(throws: RenewalExtensionRefusal.maximumReached) {
      try store.extendRenewalDate(
        originalTransactionNumber: record.transactionNumber, days: 1, account: account)
    }
    #expect(account.history[0] == before)
    #expect(throws: RenewalExtensionRefusal.ineligible) {
      try store.extendRenewalDate(originalTransactionNumber: 42, days: 1, account: account)
    }
  }

  @Test func aMassExtensionPublishesAFailureForEachSubscriberItCannotExtend() throws {
    try store.addAccount(named: "other")
    let other = try #require(store.account(named: "other"))
    let first = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    let second = try store.charge(productId: "monthly", quantity: 1, account: other).get()
    try store.extendRenewalDate(originalTransactionNumber: second.transactionNumber, days: 1, account: other)
    store.isBillingRetryOn = true
    store.advanceClock(to: try #require(first.expiresDate))
    store.isBillingRetryOn = false
    listener.events = []
    // `default` is in billing retry; `other` was extended past its renewal and is active.
    let result = store.extendRenewalDates(productId: "monthly", days: 5, storefronts: nil)
    #expect(result.succeeded.map(\.account) == ["other"] && result.failedCount == 1)
    #expect(
      listener.events == [
        ServerEvent(
          .renewalExtension, .failure, account: "default", transactionNumber: first.transactionNumber)
      ])
    #expect(store.extendRenewalDates(productId: "monthly", days: 5, storefronts: ["FRA"]).succeededCount == 0)
  }

  @Test func modificationsAndRevocationsAreIndexed() throws {
    let first = try store.charge(productId: "monthly", quantity: 1, account: account).get()
    #expect(account.modifications == [0] && account.isLatestModification(at: 0))
    try store.refund(transactionNumber: first.transactionNumber, reason: .other, account: account)
    #expect(account.modifications == [0, 0] && !account.isLatestModification(at: 0))
    #expect(account.revocations == [0])
    #expect(store.account(holdingTransaction: first.transactionNumber) === account)
  }
}
