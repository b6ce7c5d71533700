import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

@Suite struct VerifyReceiptTests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  private func buy(_ productId: String) throws -> PaymentTransaction {
    try world.buy(productId)
  }

  private func signedReceipt() throws -> [UInt8] {
    try world.signedReceipt(of: world.device)
  }

  private func verify(
    _ bytes: [UInt8], password: String? = nil, endpoint: Verifier.Environment = .sandbox,
    secret: String? = nil
  ) throws -> VerifyReceiptService.Response {
    world.sharedSecret = secret
    return try VerifyReceiptService(world: world).verify(
      .init(receiptData: bytes, password: password, endpoint: endpoint, excludeOldTransactions: false))
  }

  @Test func aValidReceiptAnswersStatusZeroWithItsPurchases() throws {
    _ = try buy("level.pack")
    let response = try verify(try signedReceipt())
    #expect(response.status == 0)
    #expect(response.receipt?.inAppPurchases.map(\.productId) == ["level.pack"])
    #expect(response.body.status == 0 && response.body.environment == "Sandbox")
    let receipt = try #require(response.body.receipt)
    #expect(receipt.receiptType == "ProductionSandbox" && receipt.adamId == 0)
    #expect(receipt.inApp.map(\.productId) == ["level.pack"])
    #expect(receipt.inApp.first?.inAppOwnershipType == nil)
    #expect(response.body.latestReceipt == nil && response.body.latestReceiptInfo == nil)
    #expect(response.body.pendingRenewalInfo == nil && response.body.isRetryable == nil)
  }

  /// The text `verify --json` prints: Apple's keys in Apple's order, two spaces a level.
  @Test func theAnswerIsWrittenKeyForKeyAsApplesIs() throws {
    _ = try buy("level.pack")
    let expected = """
      {
        "receipt": {
          "receipt_type": "ProductionSandbox",
          "adam_id": 0,
          "app_item_id": 0,
          "bundle_id": "com.example.storebench",
          "application_version": "1.0",
          "download_id": 0,
          "version_external_identifier": 0,
          "receipt_creation_date": "2026-01-01 00:00:00 Etc/GMT",
          "receipt_creation_date_ms": "1767225600000",
          "receipt_creation_date_pst": "2025-12-31 16:00:00 America/Los_Angeles",
          "request_date": "2026-01-01 00:00:00 Etc/GMT",
          "request_date_ms": "1767225600000",
          "request_date_pst": "2025-12-31 16:00:00 America/Los_Angeles",
          "original_purchase_date": "2013-08-01 07:00:00 Etc/GMT",
          "original_purchase_date_ms": "1375340400000",
          "original_purchase_date_pst": "2013-08-01 00:00:00 America/Los_Angeles",
          "original_application_version": "1.0",
          "in_app": [
            {
              "quantity": "1",
              "product_id": "level.pack",
              "transaction_id": "2000000000000001",
              "original_transaction_id": "2000000000000001",
              "purchase_date": "2026-01-01 00:00:00 Etc/GMT",
              "purchase_date_ms": "1767225600000",
              "purchase_date_pst": "2025-12-31 16:00:00 America/Los_Angeles",
              "original_purchase_date": "2026-01-01 00:00:00 Etc/GMT",
              "original_purchase_date_ms": "1767225600000",
              "original_purchase_date_pst": "2025-12-31 16:00:00 America/Los_Angeles",
              "is_trial_period": "false"
            }
          ]
        },
        "environment": "Sandbox",
        "status": 0
      }
      """
    #expect(try verify(try signedReceipt()).body.renderedJSON() == expected)
    let failure = try verify([]).body.renderedJSON()
    #expect(
      failure == """
        {
          "status": 21002,
          "environment": "Sandbox",
          "is-retryable": false,
          "is_retryable": false
        }
        """)
  }

  @Test func base64WithExtraPaddingIsMalformed() throws {
    _ = try buy("level.pack")
    let text = Data(try signedReceipt()).base64EncodedString()
    #expect(try verify(Array((text + "=").utf8)).status == 21002)
    #expect(try verify(Array((text + "\n").utf8)).status == 0)
  }

  @Test func base64InputIsAccepted() throws {
    _ = try buy("level.pack")
    let text = Data(try signedReceipt()).base64EncodedString(options: .lineLength76Characters)
    #expect(try verify(Array(text.utf8)).status == 0)
  }

  @Test func aPostedJSONBodyIsAnsweredAsItsRequest() throws {
    _ = try buy("pro.monthly")
    world.sharedSecret = "right"
    let receipt = Data(try signedReceipt()).base64EncodedString()
    let json = """
      {"receipt-data": "\(receipt)", "password": "right", "exclude-old-transactions": true, "extra": 1}
      """
    let body = try JSONDecoder().decode(RequestBody.self, from: Data(json.utf8))
    #expect(body == RequestBody(receiptData: receipt, password: "right", excludeOldTransactions: true))
    let request = body.request(to: .sandbox)
    #expect(request.excludeOldTransactions && request.password == "right")
    #expect(try VerifyReceiptService(world: world).verify(request).status == 0)
    let bare = try JSONDecoder().decode(
      RequestBody.self, from: Data(#"{"receipt-data": "\#(receipt)"}"#.utf8))
    #expect(!bare.request(to: .sandbox).excludeOldTransactions)
    #expect(try VerifyReceiptService(world: world).verify(bare.request(to: .sandbox)).status == 21004)
  }

  @Test func theSharedSecretIsAskedOnlyOfReceiptsWithSubscriptions() throws {
    _ = try buy("level.pack")
    // No subscription in the receipt: any password, or none, is accepted.
    #expect(try verify(try signedReceipt(), secret: "right").status == 0)
    #expect(try verify(try signedReceipt(), password: "wrong", secret: "right").status == 0)
    _ = try buy("pro.monthly")
    let missing = try verify(try signedReceipt(), secret: "right")
    #expect(missing.status == 21004)
    #expect(missing.failure == "no password was sent, and the app has a shared secret")
    #expect(try verify(try signedReceipt(), password: "", secret: "right").status == 21004)
    #expect(try verify(try signedReceipt(), password: "wrong", secret: "right").status == 21004)
    #expect(try verify(try signedReceipt(), password: "right", secret: "right").status == 0)
    // An app with no shared secret takes any password.
    #expect(try verify(try signedReceipt(), password: "anything").status == 0)
  }

  @Test func theLatestExpiriesAreKnownWithoutTheBody() throws {
    _ = try buy("pro.monthly")
    _ = try world.advanceClock(by: TimeSpan(months: 1, seconds: 0))
    let request = VerifyReceiptService.Request(
      receiptData: try signedReceipt(), password: nil, endpoint: .sandbox, excludeOldTransactions: false,
      includesTransactions: false)
    let response = try VerifyReceiptService(world: world).verify(request)
    #expect(response.body.latestReceiptInfo == nil)
    #expect(response.latestExpiries == ["pro.monthly": Timestamp.parse("2026-02-08")!])
    let full = try VerifyReceiptService(world: world).verify(
      .init(
        receiptData: try signedReceipt(), password: nil, endpoint: .sandbox, excludeOldTransactions: false))
    let latest = full.body.latestReceiptInfo?.compactMap { Int64($0.expiresDateMs ?? "") }.max()
    #expect(latest == Int64(Timestamp.parse("2026-02-08")!.timeIntervalSince1970 * 1000))
  }

  @Test func aFinishedConsumableLeavesOnlyTheNextReceipt() throws {
    world.device.queue.removeObserver(named: "app")
    let coins = try buy("coins.100")
    #expect(world.deviceReceipt?.inAppPurchases.count == 1)
    try world.device.queue.finish(coins)
    world.settle()
    #expect(world.deviceReceipt?.inAppPurchases.count == 1)
    world.refreshReceipt(of: world.device)
    #expect(world.deviceReceipt?.inAppPurchases.isEmpty == true)
  }

  @Test func statusCodesHaveTheirRealTriggers() throws {
    _ = try buy("pro.monthly")
    let receipt = try signedReceipt()
    #expect(try verify([]).status == 21002)
    #expect(try verify(Array("not a receipt".utf8)).status == 21002)
    var tampered = receipt
    tampered[tampered.count - 10] ^= 1
    #expect(try verify(tampered).status == 21003)
    #expect(try verify(receipt, password: "wrong", secret: "right").status == 21004)
    #expect(try verify(receipt, password: "right", secret: "right").status == 0)
    #expect(try verify(receipt, endpoint: .production).status == 21007)
    try world.store.deleteAccount(named: "default")
    #expect(try verify(receipt).status == 21010)
  }

  @Test func aProductionReceiptSentToTheSandboxAnswers21008() throws {
    world.environment = .production
    _ = try buy("level.pack")
    #expect(try verify(try signedReceipt(), endpoint: .sandbox).status == 21008)
    #expect(try verify(try signedReceipt(), endpoint: .production).status == 0)
  }

  @Test func subscriptionReceiptsCarryLatestInfoAndPendingRenewal() throws {
    _ = try buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 2))
    let response = try verify(try signedReceipt())
    let topLevelKeys = try response.body.renderedJSON().split(separator: "\n").filter {
      $0.hasPrefix("  \"")
    }.map { $0.dropFirst(3).prefix { $0 != "\"" } }
    #expect(
      topLevelKeys == [
        "receipt", "environment", "latest_receipt", "latest_receipt_info", "pending_renewal_info", "status",
      ])
    let latest = try #require(response.body.latestReceiptInfo)
    #expect(latest.count == 3)
    #expect(latest.map(\.isTrialPeriod) == ["false", "false", "true"])
    #expect(
      latest.allSatisfy { $0.inAppOwnershipType == "PURCHASED" && $0.subscriptionGroupIdentifier != nil })
    #expect(latest.first?.purchaseDatePst == "2026-02-07 16:00:00 America/Los_Angeles")
    #expect(Set(response.body.receipt?.inApp.map(\.transactionId) ?? []) == Set(latest.map(\.transactionId)))
    #expect(response.body.receipt?.inApp.allSatisfy { $0.inAppOwnershipType == nil } == true)
    let pending = try #require(response.body.pendingRenewalInfo)
    #expect(pending.map(\.autoRenewStatus) == ["1"] && pending.first?.productId == "pro.monthly")
    #expect(pending.first?.expirationIntent == nil && pending.first?.isInBillingRetryPeriod == nil)
  }

  @Test func latestReceiptIsTheCanonicalBase64HoweverTheReceiptWasPosted() throws {
    _ = try buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 2))
    let receipt = try signedReceipt()
    let canonical = Data(receipt).base64EncodedString()
    let wrapped = Data(receipt).base64EncodedString(options: .lineLength64Characters)
    for posted in [receipt, Array(canonical.utf8), Array(wrapped.utf8)] {
      #expect(try verify(posted).body.latestReceipt == canonical)
    }
    // A renewal after the receipt was written: the latest receipt is another one.
    try world.advanceClock(by: TimeSpan(months: 1))
    let later = try verify(Array(canonical.utf8)).body.latestReceipt
    let latest = Data(try world.latestSignedReceipt(for: world.device)).base64EncodedString()
    #expect(later != canonical && later == latest)
  }

  @Test func anAnswersDatesAreMadeOnceAndEqualTheirForms() {
    var memo = AppleDate.Memo()
    let dates = (0..<50).map { Timestamp.parse("2026-03-08T09:59:58Z")!.addingTimeInterval(Double($0 % 5)) }
    for date in dates {
      let made = memo.forms(date)
      let direct = AppleDate.forms(date)
      #expect(
        made.gmt == direct.gmt && made.milliseconds == direct.milliseconds && made.pacific == direct.pacific)
    }
    #expect(memo.forms(nil as Date?).gmt == nil)
    #expect(
      AppleDate.forms(Timestamp.parse("2026-03-08T10:00:00Z")!).pacific
        == "2026-03-08 03:00:00 America/Los_Angeles")
  }

  @Test func theAnswerReadsBackAsTheSameBody() throws {
    _ = try buy("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 2))
    let body = try verify(try signedReceipt()).body
    let text = try body.renderedJSON()
    #expect(try JSONDecoder().decode(ResponseBody.self, from: Data(text.utf8)) == body)
  }

  @Test func datesComeInApplesThreeForms() {
    let winter = Timestamp.parse("2026-01-01T00:00:00Z")!
    let summer = Timestamp.parse("2026-07-01T12:00:00Z")!
    #expect(AppleDate.gmt(winter) == "2026-01-01 00:00:00 Etc/GMT")
    #expect(AppleDate.pacific(winter) == "2025-12-31 16:00:00 America/Los_Angeles")
    #expect(AppleDate.pacific(summer) == "2026-07-01 05:00:00 America/Los_Angeles")
    #expect(AppleDate.isDaylightSaving(Timestamp.parse("2026-03-08T10:00:00Z")!))
    #expect(!AppleDate.isDaylightSaving(Timestamp.parse("2026-03-08T09:59:59Z")!))
    #expect(!AppleDate.isDaylightSaving(Timestamp.parse("2026-11-01T09:00:00Z")!))
    let forms = AppleDate.forms(winter)
    #expect(forms.milliseconds == "1767225600000" && forms.gmt == AppleDate.gmt(winter))
    let none = AppleDate.forms(nil as Date?)
    #expect(none.gmt == nil && none.milliseconds == nil && none.pacific == nil)
  }

  @Test func signedTransactionsVerifyAndCarryTheirFacts() throws {
    let transaction = try buy("pro.monthly")
    let record = try #require(transaction.record)
    let token = try JWSSigner(authority: try world.authority()).sign(
      SignedPayloadFactory(world: world).transaction(record))
    let verified = try JWSVerifier(trustedRoots: [try world.authority().root]).verify(
      token, at: world.store.clock.now)
    let payload = try verified.decodePayload(as: JWSTransactionDecodedPayload.self)
    #expect(payload.transactionId == record.transactionId)
    #expect(payload.type == .autoRenewable)
    #expect(payload.offerDiscountType == .freeTrial)
    #expect(payload.environment == .sandbox)
    #expect(payload.price == 0)
    #expect(payload.storefrontId == "143441")
  }

  @Test func afterAnExpiryTheRenewalInfoSaysAutoRenewOffBesideTheIntent() throws {
    _ = try buy("pro.monthly")
    world.store.timeRate = .sandbox
    try world.advanceClock(by: TimeSpan(months: 12))  // the sandbox stops renewing after 12 renewals
    let response = try verify(try signedReceipt())
    let pending = try #require(response.body.pendingRenewalInfo?.first)
    #expect(pending.autoRenewStatus == "0")
    #expect(pending.expirationIntent == "1")
    let state = try world.store.subscription(for: "pro.monthly", account: world.device.queue.account!)
    let renewal = SignedPayloadFactory(world: world).renewalInfo(state)
    #expect(renewal.autoRenewStatus == .off)
    #expect(renewal.expirationIntent == .customerCancelled)
    #expect(!world.device.storage.unlocked.contains("pro.monthly"))
  }

  @Test func sandboxReceiptsCarryApplesFixedOriginalPurchaseAndNumericGroups() throws {
    _ = try buy("pro.monthly")
    let sandbox = try verify(try signedReceipt())
    #expect(sandbox.body.receipt?.originalPurchaseDate == "2013-08-01 07:00:00 Etc/GMT")
    #expect(sandbox.body.receipt?.originalApplicationVersion == "1.0")
    let group = try #require(sandbox.body.latestReceiptInfo?.first?.subscriptionGroupIdentifier)
    #expect(group.count == 8 && group.allSatisfy(\.isNumber))
    let payload = SignedPayloadFactory(world: world).transaction(
      try #require(world.device.queue.account!.history.first))
    #expect(payload.subscriptionGroupIdentifier == group)
    world.environment = .production
    world.refreshReceipt(of: world.device)
    let production = try verify(try signedReceipt(), endpoint: .production)
    #expect(production.body.receipt?.originalPurchaseDate == "2026-01-01 00:00:00 Etc/GMT")
  }
}
