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
    let json = response.json.rendered()
    #expect(json.hasPrefix(#"{"receipt":{"receipt_type":"ProductionSandbox","adam_id":0,"#))
    #expect(json.hasSuffix(#""environment":"Sandbox","status":0}"#))
    #expect(!json.contains("latest_receipt"))
  }

  @Test func base64InputIsAccepted() throws {
    _ = try buy("level.pack")
    let text = Data(try signedReceipt()).base64EncodedString(options: .lineLength76Characters)
    #expect(try verify(Array(text.utf8)).status == 0)
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
    world.advanceClock(by: TimeSpan(months: 2))
    let response = try verify(try signedReceipt())
    guard case .object(let members) = response.json else { Issue.record("not an object"); return }
    let keys = members.map(\.0)
    #expect(
      keys == [
        "receipt", "environment", "latest_receipt", "latest_receipt_info", "pending_renewal_info", "status",
      ])
    let info = members.first { $0.0 == "latest_receipt_info" }?.1
    guard case .array(let entries) = info else { Issue.record("no latest_receipt_info"); return }
    #expect(entries.count == 3)
    #expect(response.json.rendered().contains(#""auto_renew_status":"1""#))
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
    #expect(
      AppleDate.members("purchase_date", winter).map(\.0) == [
        "purchase_date", "purchase_date_ms", "purchase_date_pst",
      ])
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
}
