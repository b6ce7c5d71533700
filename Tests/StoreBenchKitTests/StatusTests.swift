import Foundation
import StoreBenchKit
import Testing

/// `Product.SubscriptionInfo.Status` and `RenewalState`: a subscription's state through its life
/// (subscribed, billing retry, grace period, expired, revoked), `Status.updates` and `Status.all`.
@Suite struct StatusTests {
  /// What a subscription screen shows for a status (the sample code's switch over the open set).
  static func access(_ status: Product.SubscriptionInfo.Status) -> String {
    switch status.state {
    case .subscribed: "active"
    case .inGracePeriod: "active, fix your payment"
    case .inBillingRetryPeriod: "locked, fix your payment"
    case .expired: "expired"
    case .revoked: "refunded"
    default: "unknown"
    }
  }

  /// The group's one status now.
  static func status() async throws -> Product.SubscriptionInfo.Status {
    let subscription = try #require(try await Fixtures.product("pro.monthly").subscription)
    return try #require(try await subscription.status.first)
  }

  @Test func aSubscriptionGoesThroughBillingRetryAndComesBack() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      #expect(Self.access(try await Self.status()) == "active")
      store.setBillingRetry(true)
      try store.advanceClock(by: "8d")
      let retrying = try await Self.status()
      #expect(Self.access(retrying) == "locked, fix your payment")
      guard case .verified(let renewal) = retrying.renewalInfo else {
        Issue.record("the renewal info does not verify")
        return
      }
      #expect(renewal.isInBillingRetry)
      #expect(renewal.gracePeriodExpirationDate == nil)
      #expect(renewal.expirationReason == .billingError)
      store.setBillingRetry(false)
      try store.fixBilling()
      #expect(Self.access(try await Self.status()) == "active")
      #expect(try await Self.status().renewalInfo.payloadValue.isInBillingRetry == false)
    }
  }

  @Test func aGracePeriodKeepsAccessUntilItEnds() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let bought = try await Fixtures.buy("pro.monthly")
      store.setBillingRetry(true)
      store.setGracePeriod(days: 16)
      try store.advanceClock(by: "8d")
      let grace = try await Self.status()
      #expect(Self.access(grace) == "active, fix your payment")
      let info = try grace.renewalInfo.payloadValue
      let expiry = try #require(bought.expirationDate)
      #expect(info.gracePeriodExpirationDate == Fixtures.date(expiry, plus: DateComponents(day: 16)))
      #expect(info.isInBillingRetry)
      #expect(info.expirationReason == .billingError)
      try store.advanceClock(by: "16d")
      #expect(Self.access(try await Self.status()) == "locked, fix your payment")
    }
  }

  @Test func autoRenewOffExpiresAtTheEndOfThePeriod() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      try store.setAutoRenew(false, productID: "pro.monthly")
      let cancelled = try await Self.status()
      #expect(Self.access(cancelled) == "active")
      #expect(try cancelled.renewalInfo.payloadValue.willAutoRenew == false)
      try store.advanceClock(by: "8d")
      let expired = try await Self.status()
      #expect(Self.access(expired) == "expired")
      #expect(try expired.renewalInfo.payloadValue.expirationReason == .autoRenewDisabled)
      #expect(await Fixtures.collect(Transaction.currentEntitlements).isEmpty)
    }
  }

  @Test func expireAndRefundEndTheSubscription() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let bought = try await Fixtures.buy("pro.yearly")
      try store.expire(productID: "pro.yearly")
      let status = try #require(try await Product.SubscriptionInfo.status(transactionID: bought.id))
      #expect(Self.access(status) == "expired")
      let again = try await Fixtures.buy("pro.yearly")
      try store.refund(transactionID: again.id)
      let refunded = try #require(try await Product.SubscriptionInfo.status(transactionID: again.id))
      #expect(Self.access(refunded) == "refunded")
      #expect(refunded.transaction.unsafePayloadValue.revocationDate != nil)
    }
  }

  @Test func statusUpdatesHearEachChange() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try await Fixtures.buy("pro.monthly").finish()
      await store.settle()
      try store.setAutoRenew(false, productID: "pro.monthly")
      await store.settle()
      try store.advanceClock(by: "8d")
      await store.settle()
      let heard = await app.statuses.items
      #expect(heard.map(Self.access) == ["active", "active", "expired"])
      #expect(try heard.map { try $0.renewalInfo.payloadValue.willAutoRenew } == [true, false, false])
    }
  }

  @Test func aStatusSequenceIsIteratedByHand() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let updates: Product.SubscriptionInfo.Status.Statuses = Product.SubscriptionInfo.Status.updates
      var iterator: Product.SubscriptionInfo.Status.Statuses.AsyncIterator = updates.makeAsyncIterator()
      let bought = try await Fixtures.buy("pro.monthly")
      let status = try #require(await iterator.next())
      #expect(status.state == .subscribed)
      #expect(status.transaction.unsafePayloadValue.id == bought.id)
    }
  }

  @Test func allGivesEachGroupsStatuses() async throws {
    let store = try Fixtures.store()
    try await store.run {
      var groups: [String: [Product.SubscriptionInfo.Status]] = [:]
      for await (groupID, statuses) in Product.SubscriptionInfo.Status.all { groups[groupID] = statuses }
      #expect(groups.isEmpty)
      try await Fixtures.buy("pro.monthly").finish()
      let group = try #require(try await Fixtures.product("pro.monthly").subscription?.subscriptionGroupID)
      for await entry in Product.SubscriptionInfo.Status.all { groups[entry.groupID] = entry.statuses }
      #expect(Array(groups.keys) == [group])
      #expect(groups[group]?.map(Self.access) == ["active"])
    }
  }

  @Test func aStatusIsReadAsTheSampleCodeReadsIt() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let bought = try await Fixtures.buy("pro.monthly")
      let status: SubscriptionStatus = try await Self.status()
      guard case .verified(let transaction) = status.transaction,
        case .verified(let renewalInfo) = status.renewalInfo
      else {
        Issue.record("the status does not verify")
        return
      }
      #expect(transaction.id == bought.id)
      #expect(renewalInfo.originalTransactionID == bought.originalID)
      #expect(status.transaction.unsafePayloadValue.productID == "pro.monthly")
      #expect(status == status)
      try store.setAutoRenew(false, productID: "pro.monthly")
      let changed = try await Self.status()
      #expect(changed != status)
      #expect(Set([status, changed, status]).count == 2)
    }
  }

  @Test func renewalStatesHaveNumbersAndNames() {
    let states: [Product.SubscriptionInfo.RenewalState] = [
      .subscribed, .expired, .inBillingRetryPeriod, .inGracePeriod, .revoked,
    ]
    #expect(states.map(\.rawValue) == [1, 2, 3, 4, 5])
    #expect(
      states.map(\.localizedDescription)
        == ["Subscribed", "Expired", "In Billing Retry Period", "In Grace Period", "Revoked"])
    let alias: SubscriptionRenewalState = .init(rawValue: 4)
    #expect(alias == .inGracePeriod)
    #expect(SubscriptionRenewalState(rawValue: 9).localizedDescription == "Unknown")
  }
}
