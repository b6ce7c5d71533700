import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// The fields Apple added in 2024–2026, everywhere the world signs or answers: `appTransactionId`,
/// the offer's `offerDiscountType` and `offerPeriod`, `price` and `currency`, `transactionReason`,
/// `revocationType` and `revocationPercentage`, `originalPlatform`, and `appAppleId` in production.
@Suite struct AppStoreFieldsTests {
  private func account(_ world: World) throws -> Account {
    try #require(world.device.queue.account)
  }

  private func appTransaction(_ world: World) throws -> AppTransaction {
    let signed = try world.jwsSigner().sign(
      SignedPayloadFactory(world: world).appTransaction(for: world.device))
    return try world.verified(AppTransaction.self, signed)
  }

  @Test func eachAccountHasItsOwnEighteenDigitAppTransactionIdInTheOrderAccountsAreAdded() throws {
    let world = try World.onDefaultCatalog()
    let first = try account(world)
    let second = try world.store.addAccount(named: "kid")
    #expect(first.appTransactionId == "705000000000000001")
    #expect(second.appTransactionNumber == first.appTransactionNumber + 1)
    #expect(first.appTransactionId.count == 18 && second.appTransactionId.count == 18)
    #expect(world.store.account(holdingAppTransaction: second.appTransactionNumber) === second)
    try world.deleteAccount(named: "kid")
    #expect(world.store.account(holdingAppTransaction: second.appTransactionNumber) == nil)
    let again = try world.store.addAccount(named: "kid")
    #expect(again.appTransactionNumber == second.appTransactionNumber + 1)
  }

  @Test func theAppTransactionEveryTransactionRenewalInfoAndNotificationCarryTheSameAppTransactionId() throws
  {
    let world = try World.notifying()
    let id = try account(world).appTransactionId
    _ = try world.buy("pro.monthly")
    _ = try world.buy("coins.100")
    try world.store.advanceClock(by: TimeSpan(months: 1, seconds: 0))
    world.settle()
    #expect(try appTransaction(world).appTransactionId == id)
    let checked = try world.checkedNotifications()
    // The one-week trial renews once within the month.
    #expect(checked.map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_RENEW"])
    #expect(checked.allSatisfy { $0.transaction?.appTransactionId == id })
    #expect(checked.compactMap(\.renewalInfo).count == 2)
    #expect(checked.compactMap(\.renewalInfo).allSatisfy { $0.appTransactionId == id })
    let factory = SignedPayloadFactory(world: world)
    #expect(try account(world).history.allSatisfy { factory.transaction($0).appTransactionId == id })
  }

  @Test func aProductionAppTransactionCarriesTheAppsAppleIdAndOriginalPlatformTheSandboxNoAppleId() throws {
    let world = try World.onDefaultCatalog()
    let sandbox = try appTransaction(world)
    #expect(sandbox.appAppleId == nil && sandbox.receiptType == .sandbox)
    #expect(sandbox.originalPlatform == .iOS && sandbox.rawOriginalPlatform == "iOS")
    let text = try world.jwsSigner().sign(
      SignedPayloadFactory(world: world).appTransaction(for: world.device))
    #expect(!String(decoding: try JWSToken(compact: text).payload, as: UTF8.self).contains("appAppleId"))
    world.environment = .production
    let production = try appTransaction(world)
    #expect(production.appAppleId == 1_234_567_890 && production.appAppleId == world.appAppleId)
    #expect(production.receiptType == .production && production.originalPlatform == .iOS)
    world.appAppleId = 987_654_321
    #expect(try appTransaction(world).appAppleId == 987_654_321)
  }

  @Test func aProductionReceiptGivesTheAppsAppleIdAsAppItemIdTheSandboxZero() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("level.pack")
    #expect(world.deviceReceipt?.appItemId == 0)
    world.environment = .production
    world.refreshReceipt(of: world.device)
    #expect(world.deviceReceipt?.appItemId == 1_234_567_890)
  }

  @Test func notificationsNameTheAppsAppleIdInProductionOnly() throws {
    for environment in [Verifier.Environment.sandbox, .production] {
      let world = try World.notifying(environment)
      _ = try world.buy("level.pack")
      let record = try #require(world.notifications.records.first)
      let checked = try world.check(record)
      #expect(checked.payload.data.appAppleId == (environment == .production ? world.appAppleId : nil))
      #expect(record.payloadJSON.contains("appAppleId") == (environment == .production))
    }
  }

  @Test func purchasesOfAnythingButASubscriptionAreOneTimeChargesInBothEnvironments() throws {
    for environment in [Verifier.Environment.sandbox, .production] {
      let world = try World.notifying(environment)
      for product in ["coins.100", "level.pack", "season.pass"] { _ = try world.buy(product) }
      let checked = try world.checkedNotifications()
      #expect(checked.map(\.name) == Array(repeating: "ONE_TIME_CHARGE", count: 3))
      #expect(checked.map(\.payload.data.environment) == Array(repeating: environment.rawValue, count: 3))
      #expect(checked.map { $0.transaction?.type } == [.consumable, .nonConsumable, .nonRenewing])
      #expect(checked.allSatisfy { $0.renewalInfo == nil && $0.transaction?.transactionReason == .purchase })
    }
  }

  @Test func everyTransactionCarriesItsPriceInMilliunitsCurrencyAndReason() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("coins.100")
    _ = try world.buy("pro.yearly")
    try world.store.renewNow(productId: "pro.yearly", account: try account(world))
    let factory = SignedPayloadFactory(world: world)
    let payloads = try account(world).history.map(factory.transaction)
    #expect(payloads.map(\.transactionReason) == [.purchase, .purchase, .renewal])
    #expect(payloads.map(\.rawTransactionReason) == ["PURCHASE", "PURCHASE", "RENEWAL"])
    #expect(payloads.allSatisfy { $0.currency == "USD" })
    let charged = try account(world).history.map { SignedPayloadFactory.milliunits($0.charged.amount) }
    #expect(payloads.map(\.price) == charged && charged.allSatisfy { $0 > 0 })
    #expect(
      payloads.allSatisfy { $0.offerType == nil && $0.offerDiscountType == nil && $0.offerPeriod == nil })
  }

  @Test func offersGiveTheirDiscountTypeAndWholeDurationInTransactionsAndTheNextRenewalsInfo() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.buy("lite.monthly")  // introductory offer: 3 × 1 month at 0.99, pay as you go
    let factory = SignedPayloadFactory(world: world)
    let intro = try factory.transaction(#require(account(world).history.last))
    #expect(intro.offerType == .introductoryOffer && intro.offerIdentifier == nil)
    #expect(intro.offerDiscountType == .payAsYouGo && intro.rawOfferDiscountType == "PAY_AS_YOU_GO")
    #expect(intro.offerPeriod == "P3M" && intro.price == 990)
    let state = try world.store.subscription(for: "lite.monthly", account: account(world))
    let renewal = factory.renewalInfo(state)
    #expect(renewal.offerType == .introductoryOffer && renewal.offerDiscountType == .payAsYouGo)
    #expect(renewal.offerPeriod == "P3M" && renewal.renewalPrice == 990 && renewal.currency == "USD")

    let trialWorld = try World.onDefaultCatalog()
    _ = try trialWorld.buy("pro.monthly")  // introductory offer: a one-week free trial
    let trialFactory = SignedPayloadFactory(world: trialWorld)
    let trial = try trialFactory.transaction(#require(account(trialWorld).history.last))
    #expect(trial.offerDiscountType == .freeTrial && trial.offerPeriod == "P1W" && trial.price == 0)
    let trialState = try trialWorld.store.subscription(for: "pro.monthly", account: account(trialWorld))
    let afterTrial = trialFactory.renewalInfo(trialState)
    #expect(
      afterTrial.offerType == nil && afterTrial.offerDiscountType == nil && afterTrial.offerPeriod == nil)
    #expect(afterTrial.renewalPrice == 4990)

    _ = try trialWorld.buy("pro.monthly", offer: "pro.winback")  // redeemed for the next renewal
    let pending = trialFactory.renewalInfo(trialState)
    #expect(pending.offerType == .promotionalOffer && pending.offerIdentifier == "pro.winback")
    #expect(pending.offerDiscountType == .payAsYouGo && pending.offerPeriod == "P3M")
    #expect(pending.renewalPrice == 1990)
    try trialWorld.store.renewNow(productId: "pro.monthly", account: account(trialWorld))
    let promotional = try trialFactory.transaction(#require(account(trialWorld).history.last))
    #expect(promotional.offerType == .promotionalOffer && promotional.offerIdentifier == "pro.winback")
    #expect(promotional.offerDiscountType == .payAsYouGo && promotional.offerPeriod == "P3M")
    #expect(promotional.transactionReason == .renewal && promotional.price == 1990)
  }

  @Test func aRefundIsAFullRefundInTheTransactionAndTheRefundNotification() throws {
    let world = try World.notifying(.production)
    let pack = try world.number(world.buy("level.pack"))
    try world.store.refund(transactionNumber: pack, reason: .appIssue, account: account(world))
    let refund = try #require(try world.checkedNotifications().last)
    #expect(refund.name == "REFUND")
    #expect(
      refund.transaction?.revocationType == .refundFull
        && refund.transaction?.rawRevocationType == "REFUND_FULL")
    #expect(refund.transaction?.revocationPercentage == 100_000)
    #expect(
      refund.transaction?.revocationReason == .refundedDueToIssue && refund.transaction?.revocationDate != nil
    )
    #expect(refund.payload.data.appAppleId == world.appAppleId)
    #expect(refund.transaction?.appTransactionId == (try account(world)).appTransactionId)
    try world.store.reverseRefund(transactionNumber: pack, account: account(world))
    let reversed = try #require(try world.checkedNotifications().last)
    #expect(reversed.name == "REFUND_REVERSED")
    #expect(reversed.transaction?.revocationType == nil && reversed.transaction?.revocationPercentage == nil)
  }

  @Test func aPartialRefundIsProratedWithItsShareInMilliunits() throws {
    var record = PurchaseRecord(
      transactionNumber: 1, originalTransactionNumber: 1, productId: "coins.100", productType: .consumable,
      quantity: 3, purchaseDate: Date(), originalPurchaseDate: Date(),
      charged: .init(amount: 2.97, currency: "USD"),
      storefront: "USA", reason: .purchase)
    record.refunded = .init(amount: 0.99, currency: "USD")
    #expect(SignedPayloadFactory.refundedPercentage(of: record) == 33_333)
    record.refunded = record.charged
    #expect(SignedPayloadFactory.refundedPercentage(of: record) == 100_000)
  }

  @Test func aFamilyMembersShareRevokedWithThePurchasersRefundIsAFamilyRevokeWithoutPercentage() throws {
    let world = try World.notifying()
    let kid = try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: account(world))
    let pack = try world.number(world.buy("level.pack"))
    try world.store.refund(transactionNumber: pack, reason: .other, account: account(world))
    let checked = try world.checkedNotifications()
    #expect(checked.map(\.name) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "REFUND", "REVOKE"])
    let revoke = try #require(checked.last?.transaction)
    #expect(revoke.revocationType == .familyRevoke && revoke.revocationPercentage == nil)
    #expect(revoke.inAppOwnershipType == .familyShared && revoke.appTransactionId == kid.appTransactionId)
    #expect(checked[2].transaction?.revocationType == .refundFull)
    #expect(kid.appTransactionId != (try account(world)).appTransactionId)
  }

  @Test func savedWorldsKeepAppTransactionIdsAndOlderFilesWithoutThemStillLoad() throws {
    let world = try World.onDefaultCatalog()
    _ = try world.store.addAccount(named: "kid")
    _ = try world.buy("level.pack")
    let text = String(decoding: try WorldFile.encode(world), as: UTF8.self)
    let loaded = try World(
      restoring: WorldFile.decode(Array(text.utf8)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    for name in ["default", "kid"] {
      #expect(
        loaded.store.account(named: name)?.appTransactionId
          == world.store.account(named: name)?.appTransactionId)
    }
    #expect(loaded.store.nextAppTransactionNumber == world.store.nextAppTransactionNumber)

    let older = text.replacingOccurrences(
      of: #",\s*"appTransactionId": "\d+""#, with: "", options: .regularExpression
    ).replacingOccurrences(of: #""nextAppTransactionId": "\d+",\s*"#, with: "", options: .regularExpression)
    #expect(!older.contains("ppTransactionId"))
    let migrated = try World(
      restoring: WorldFile.decode(Array(older.utf8)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    let ids = ["default", "kid"].compactMap { migrated.store.account(named: $0)?.appTransactionNumber }
    #expect(ids == [Store.firstAppTransactionNumber, Store.firstAppTransactionNumber + 1])
    #expect(migrated.store.nextAppTransactionNumber == Store.firstAppTransactionNumber + 2)
    #expect(
      try migrated.store.addAccount(named: "guest").appTransactionNumber == Store.firstAppTransactionNumber
        + 2)
  }

  @Test func anImportedCustomersAppTransactionIdBecomesTheAccountsAndTwoDifferentOnesAreRefused() throws {
    let customer = try World.onDefaultCatalog()
    _ = try customer.store.addAccount(named: "other")
    try customer.device.queue.signIn(#require(customer.store.account(named: "other")))
    let record = try #require(try customer.buy("level.pack").record)
    let signed = try customer.jwsSigner().sign(SignedPayloadFactory(world: customer).transaction(record))
    let trust = ImportTrust(roots: [try customer.authority().root], allowsUnverified: false)
    let data = try SignedDataImport.read(signed, source: "jws customer.jws", trust: trust)
    #expect(data.app.appTransactionNumber == Store.firstAppTransactionNumber + 1)

    let world = try World.onDefaultCatalog()
    let report = try world.importCustomer(data)
    #expect(try account(world).appTransactionNumber == Store.firstAppTransactionNumber + 1)
    #expect(report.notes.contains("appTransactionId: \(Store.firstAppTransactionNumber + 1)"))
    #expect(
      try world.store.addAccount(named: "next").appTransactionNumber == Store.firstAppTransactionNumber + 2)
    let imported = try #require(try account(world).history.first)
    #expect(SignedPayloadFactory(world: world).transaction(imported).appTransactionId == "705000000000000002")

    let app = try SignedDataImport.read(
      try customer.jwsSigner().sign(
        SignedPayloadFactory(world: customer).appTransaction(for: customer.device)),
      source: "jws app.jws", trust: trust)
    #expect(app.app.appTransactionNumber == Store.firstAppTransactionNumber + 1)
    var mismatched = SignedPayloadFactory(world: customer).transaction(record)
    mismatched.appTransactionId = "705000000000000009"
    let both = [signed, try customer.jwsSigner().sign(mismatched)].joined(separator: "\n")
    #expect(throws: ImportError.self) { try SignedDataImport.read(both, source: "jws both", trust: trust) }
  }
}
