import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// Each row group of Apple's type × subtype table: the store's event becomes the notification,
/// carrying the transaction Apple's would.
@Suite struct NotificationEventTests {
  let world: World

  init() throws {
    world = try World.notifying()
  }

  private var store: Store { world.store }
  private var account: Account { world.device.queue.account! }

  @Test func aPurchaseOfAnythingButASubscriptionIsAOneTimeChargeWithoutRenewalInfo() throws {
    let coins = try world.number(world.buy("coins.100"))
    let pack = try world.number(world.buy("level.pack"))
    let pass = try world.number(world.buy("season.pass"))
    let checked = try world.checkedNotifications()
    #expect(checked.map(\.name) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
    #expect(checked.map { $0.transaction?.transactionId } == [coins, pack, pass].map { String($0) })
    let first = try #require(checked.first)
    #expect(first.payload.version == "2.0")
    #expect(first.payload.data.appAppleId == nil)  // in production only
    #expect(first.payload.data.bundleId == store.catalog.bundleId)
    #expect(first.payload.data.bundleVersion == store.catalog.appVersion)
    #expect(first.payload.data.environment == "Sandbox")
    #expect(first.payload.signedDate == Int64(store.clock.now.timeIntervalSince1970 * 1000))
    #expect(first.payload.data.signedRenewalInfo == nil && first.payload.data.status == nil)
    #expect(first.payload.data.consumptionRequestReason == nil)
    #expect(first.payload.notificationUUID == first.payload.notificationUUID.lowercased())
    #expect(UUID(uuidString: first.payload.notificationUUID) != nil)
    #expect(Set(checked.map(\.payload.notificationUUID)).count == 3)
  }

  @Test func keysComeInApplesOrder() throws {
    let world = try World.notifying(.production)  // appAppleId is in production notifications only
    _ = try world.buy("pro.monthly")
    let text = try #require(world.notifications.records.first?.payloadJSON)
    let keys = [
      "notificationType", "subtype", "notificationUUID", "data", "appAppleId", "bundleId", "bundleVersion",
      "environment", "signedTransactionInfo", "signedRenewalInfo", "status", "version", "signedDate",
    ]
    let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
    #expect(!positions.contains(nil))
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test func aFamilyMemberGivenANonConsumableHearsAOneTimeChargeAndLosesItWithRevoke() throws {
    try store.addAccount(named: "kid")
    try store.addToFamily("kid", organizer: account)
    let pack = try world.number(world.buy("level.pack"))
    let kid = try #require(store.account(named: "kid"))
    let shared = try #require(kid.history.first?.transactionNumber)
    #expect(world.notificationNames() == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
    #expect(world.notifications.records.map(\.transactionNumber) == [pack, shared])
    #expect(world.notifications.records.map(\.accountName) == ["default", "kid"])
    try store.refund(transactionNumber: pack, reason: .other, account: account)
    #expect(world.notificationNames(from: 2) == ["REFUND", "REVOKE"])
    #expect(world.notifications.records.last?.transactionNumber == shared)
  }

  @Test func subscribingIsAnInitialBuyThenAResubscribeAfterExpiry() throws {
    let first = try world.number(world.buy("pro.monthly"))
    try store.expireNow(productId: "pro.monthly", account: account)
    let again = try world.number(world.buy("pro.monthly"))
    #expect(
      world.notificationNames() == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/VOLUNTARY", "SUBSCRIBED/RESUBSCRIBE"])
    let checked = try world.checkedNotifications()
    #expect(checked.map { $0.transaction?.transactionId } == [first, first, again].map { String($0) })
    #expect(checked.map(\.payload.data.status) == [1, 2, 1])
    #expect(checked[0].renewalInfo?.originalTransactionId == String(first))
    #expect(checked[1].renewalInfo?.expirationIntent == .customerCancelled)
  }

  @Test func aFamilyMemberGainingASubscriptionIsSubscribedAndHearsItsRenewals() throws {
    _ = try world.buy("pro.monthly")
    try store.addAccount(named: "kid")
    try store.addToFamily("kid", organizer: account)
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(
      world.notificationNames() == [
        "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW",
      ])
    #expect(world.notifications.records.map(\.accountName) == ["default", "kid", "default", "kid"])
    let kid = try world.check(world.notifications.records[1])
    #expect(kid.transaction?.inAppOwnershipType == .familyShared)
    #expect(kid.payload.data.status == 1)
  }

  @Test func renewalsBillingRetryAndRecovery() throws {
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    store.isBillingRetryOn = true
    try world.advanceClock(by: TimeSpan(months: 1))
    #expect(try world.checkedNotifications().last?.payload.data.status == 3)
    store.isBillingRetryOn = false
    #expect(store.fixBilling(account: account) == 1)
    world.settle()
    #expect(
      world.notificationNames() == [
        "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_FAIL_TO_RENEW", "DID_RENEW/BILLING_RECOVERY",
      ])
    #expect(try world.checkedNotifications().last?.payload.data.status == 1)
  }

  @Test func aGracePeriodFailsWithGraceThenEndsThenBillingRetryExpires() throws {
    store.isBillingRetryOn = true
    store.gracePeriodDays = 16
    _ = try world.buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(try world.checkedNotifications().last?.payload.data.status == 4)
    try world.advanceClock(by: TimeSpan(seconds: 70 * 86_400))
    #expect(
      world.notificationNames() == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
        "EXPIRED/BILLING_RETRY",
      ])
    #expect(try world.checkedNotifications().map(\.payload.data.status) == [1, 4, 3, 2])
  }

  @Test func upgradesAreImmediateDowngradesWaitAndARevertHasNoSubtype() throws {
    _ = try world.buy("lite.monthly")
    let upgrade = try world.number(world.buy("pro.monthly"))
    _ = try world.buy("lite.monthly")
    _ = try world.buy("pro.monthly")
    #expect(
      world.notificationNames() == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
        "DID_CHANGE_RENEWAL_PREF",
      ])
    let checked = try world.checkedNotifications()
    #expect(checked.dropFirst().allSatisfy { $0.transaction?.transactionId == String(upgrade) })
    #expect(checked[2].renewalInfo?.autoRenewProductId == "lite.monthly")
    #expect(checked[3].renewalInfo?.autoRenewProductId == "pro.monthly")
  }

  @Test func autoRenewChangesAreHeardOnlyWhenTheyChangeSomethingAndExpiryIsVoluntary() throws {
    _ = try world.buy("pro.monthly")
    try store.setAutoRenew(false, productId: "pro.monthly", account: account)
    try store.setAutoRenew(false, productId: "pro.monthly", account: account)
    try store.setAutoRenew(true, productId: "pro.monthly", account: account)
    try store.setAutoRenew(false, productId: "pro.monthly", account: account)
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(
      world.notificationNames(from: 1) == [
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
      ])
  }

  @Test func aPromotionalOfferOnAnActiveSubscriptionIsRedeemedAtTheNextRenewal() throws {
    _ = try world.buy("pro.monthly")
    _ = try world.buy("pro.monthly", offer: "pro.winback")
    #expect(world.notificationNames() == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED"])
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    let renewal = try #require(try world.checkedNotifications().last)
    #expect(renewal.name == "DID_RENEW")
    #expect(renewal.transaction?.offerType == .promotionalOffer)
    #expect(renewal.transaction?.offerIdentifier == "pro.winback")
    #expect(renewal.transaction?.price == 1990)
  }

  @Test func aPromotionalOfferThatUpgradesIsAnOfferRedeemedUpgrade() throws {
    _ = try world.buy("lite.monthly")
    let upgrade = try world.number(world.buy("pro.monthly", offer: "pro.winback"))
    #expect(world.notificationNames() == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED/UPGRADE"])
    #expect(world.notifications.records.last?.transactionNumber == upgrade)
  }

  @Test func aPromotionalOfferOnAPlanStartingAtTheNextRenewalIsAnOfferRedeemedDowngrade() throws {
    let yearly = try world.number(world.buy("pro.yearly"))
    _ = try world.buy("pro.monthly", offer: "pro.winback")
    #expect(world.notificationNames() == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED/DOWNGRADE"])
    #expect(world.notifications.records.last?.transactionNumber == yearly)
    try world.advanceClock(by: TimeSpan(months: 12))
    let renewal = try #require(try world.checkedNotifications().last)
    #expect(renewal.name == "DID_RENEW")
    #expect(renewal.transaction?.productId == "pro.monthly")
    #expect(renewal.transaction?.offerIdentifier == "pro.winback")
  }

  @Test func aPriceIncreaseIsPendingThenAcceptedOrDeclined() throws {
    _ = try world.buy("pro.monthly")
    try store.raisePrice(of: "pro.monthly", to: 7.99, consentRequired: true)
    #expect(world.notificationNames(from: 1) == ["PRICE_INCREASE/PENDING"])
    #expect(
      try world.checkedNotifications().last?.renewalInfo?.priceIncreaseStatus == .customerHasNotResponded)
    try store.answerPriceConsent(accept: true, productId: "pro.monthly", account: account)
    try store.raisePrice(of: "pro.monthly", to: 8.99, consentRequired: true)
    try store.answerPriceConsent(accept: false, productId: "pro.monthly", account: account)
    try store.raisePrice(of: "pro.monthly", to: 9.99, consentRequired: false)
    #expect(
      world.notificationNames(from: 2) == [
        "PRICE_INCREASE/ACCEPTED", "PRICE_INCREASE/PENDING", "DID_CHANGE_RENEWAL_STATUS",
      ])
  }

  @Test func aPriceIncreaseWithoutConsentIsAcceptedAndNoConsentExpires() throws {
    _ = try world.buy("pro.monthly")
    try store.raisePrice(of: "pro.monthly", to: 7.99, consentRequired: false)
    try store.raisePrice(of: "pro.monthly", to: 8.99, consentRequired: true)
    try world.advanceClock(by: TimeSpan(seconds: 7 * 86_400))
    #expect(
      world.notificationNames(from: 1) == [
        "PRICE_INCREASE/ACCEPTED", "PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE",
      ])
  }

  @Test func aRefundRequestForAConsumableAsksForConsumptionThenIsDeclined() throws {
    let coins = try world.number(world.buy("coins.100"))
    try store.requestRefund(transactionNumber: coins, reason: .unintendedPurchase, account: account)
    let request = try #require(try world.checkedNotifications().last)
    #expect(request.name == "CONSUMPTION_REQUEST")
    #expect(request.payload.data.consumptionRequestReason == "UNINTENDED_PURCHASE")
    #expect(request.transaction?.transactionId == String(coins))
    #expect(throws: StoreError.self) {
      try store.requestRefund(transactionNumber: coins, reason: .other, account: account)
    }
    try store.decideRefund(transactionNumber: coins, grant: false, account: account)
    #expect(world.notificationNames(from: 2) == ["REFUND_DECLINED"])
    #expect(account.history[0].isCancelled == false)
    #expect(throws: StoreError.self) {
      try store.decideRefund(transactionNumber: coins, grant: false, account: account)
    }
  }

  @Test func aRefundRequestForASubscriptionTurnsAutoRenewOffAndAGrantRevokes() throws {
    let sub = try world.number(world.buy("pro.monthly"))
    try store.requestRefund(transactionNumber: sub, reason: .fulfillmentIssue, account: account)
    #expect(
      world.notificationNames(from: 1) == [
        "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
      ])
    try store.decideRefund(transactionNumber: sub, grant: true, account: account)
    let refund = try #require(try world.checkedNotifications().last)
    #expect(refund.name == "REFUND")
    #expect(refund.payload.data.status == 5)
    #expect(refund.transaction?.revocationReason == .refundedDueToIssue)
    try store.reverseRefund(transactionNumber: sub, account: account)
    let reversed = try #require(try world.checkedNotifications().last)
    #expect(reversed.name == "REFUND_REVERSED")
    #expect(reversed.payload.data.status == 1)
    #expect(reversed.transaction?.revocationDate == nil)
    #expect(
      try store.subscription(for: "pro.monthly", account: account).status(at: store.clock.now) == .inTrial)
    #expect(throws: StoreError.self) { try store.reverseRefund(transactionNumber: sub, account: account) }
  }

  @Test func aNonConsumableRefundRequestAsksForNoConsumptionInformation() throws {
    let pack = try world.number(world.buy("level.pack"))
    let request = try store.requestRefund(transactionNumber: pack, reason: .other, account: account)
    #expect(!request.asksForConsumptionInfo)
    #expect(world.notificationNames() == ["ONE_TIME_CHARGE"])
  }

  @Test func aMassExtensionSummaryCarriesSummaryInsteadOfData() throws {
    let record = try world.sendRenewalExtensionSummary(
      productId: "pro.monthly", requestIdentifier: "req-1", storefrontCountryCodes: ["USA"],
      succeededCount: 3,
      failedCount: 1)
    let verifier = JWSVerifier(trustedRoots: [try world.authority().root])
    let verified = try verifier.verify(record.signedPayload, at: record.createdDate)
    let payload = try #require(
      try JSONSerialization.jsonObject(with: Data(verified.token.payload)) as? [String: Any])
    #expect(payload["notificationType"] as? String == "RENEWAL_EXTENSION")
    #expect(payload["subtype"] as? String == "SUMMARY")
    #expect(payload["data"] == nil)
    let summary = try #require(payload["summary"] as? [String: Any])
    #expect(summary["environment"] as? String == "Sandbox")
    #expect(summary["bundleId"] as? String == world.store.catalog.bundleId)
    #expect(summary["requestIdentifier"] as? String == "req-1")
    #expect(summary["storefrontCountryCodes"] as? [String] == ["USA"])
    #expect(summary["succeededCount"] as? Int == 3 && summary["failedCount"] as? Int == 1)
    #expect(record.transactionNumber == nil)
  }

  @Test func withoutAURLForTheEnvironmentNothingIsMadeOrKept() throws {
    let world = try World.notifying(.production)
    world.environment = .sandbox
    _ = try world.buy("coins.100")
    #expect(world.notifications.records.isEmpty)
    #expect(throws: SimulationError.self) { try world.sendNotification(.test, transactionNumber: nil) }
  }

  @Test func everyPairOfTheTableCanBeSentOnDemandAndOthersAreRefused() throws {
    let sub = try world.number(world.buy("pro.monthly"))
    var sent = 1
    for kind in ServerEvent.Kind.allCases where kind != .rescindConsent && kind != .externalPurchaseToken {
      for subtype in kind.subtypes where subtype != .summary {
        let record = try world.sendNotification(kind, subtype, transactionNumber: kind == .test ? nil : sub)
        sent += 1
        let checked = try world.check(record)
        #expect(checked.name == record.name)
        #expect((checked.transaction == nil) == (kind == .test))
        #expect(checked.payload.data.bundleVersion == nil || kind != .test)
      }
    }
    #expect(world.notifications.records.count == sent)
    #expect(throws: SimulationError.self) { try world.sendNotification(.expired, transactionNumber: sub) }
    #expect(throws: SimulationError.self) {
      try world.sendNotification(.externalPurchaseToken, .created, transactionNumber: sub)
    }
    #expect(throws: SimulationError.self) {
      try world.sendNotification(.didRenew, .voluntary, transactionNumber: sub)
    }
    #expect(throws: SimulationError.self) { try world.sendNotification(.didRenew, transactionNumber: nil) }
    #expect(throws: SimulationError.self) { try world.sendNotification(.didRenew, transactionNumber: 42) }
  }

  @Test func rescindConsentCarriesTheAccountsAppTransactionInAppData() throws {
    _ = try world.buy("pro.monthly")
    let account = try #require(world.store.account(named: "default"))
    #expect(throws: SimulationError.self) {
      try world.sendNotification(.rescindConsent, transactionNumber: nil)
    }
    let record = try world.sendRescindConsent(account: account)
    #expect(
      record.name == "RESCIND_CONSENT" && record.transactionNumber == nil && record.accountName == "default")
    struct Payload: Decodable {
      struct AppData: Decodable {
        var appAppleId: Int64?
        var bundleId: String
        var environment: String
        var signedAppTransactionInfo: String
      }
      var notificationType: String
      var appData: AppData
      var data: [String: String]?
    }
    let payload = try world.verified(Payload.self, record.signedPayload)
    #expect(payload.notificationType == "RESCIND_CONSENT" && payload.data == nil)
    #expect(payload.appData.bundleId == world.store.catalog.bundleId)
    #expect(payload.appData.environment == world.environment.rawValue)
    #expect((payload.appData.appAppleId != nil) == (world.environment == .production))
    struct AppTransaction: Decodable { var bundleId: String; var appTransactionId: String }
    let app = try world.verified(AppTransaction.self, payload.appData.signedAppTransactionInfo)
    #expect(
      app.bundleId == world.store.catalog.bundleId
        && app.appTransactionId == String(account.appTransactionNumber))
  }
}
