import Catalog
import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// Offer codes seen from outside the store: signed data, verifyReceipt, the devices and saved worlds.
@Suite struct OfferCodeWorldTests {
  let world: World

  init() throws {
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../catalog/offers.json").standardizedFileURL
    world = World(
      catalog: try CatalogLoader.load(path: catalog.path), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
  }

  private var account: Account { world.store.account(named: "default")! }

  private func redeem(_ offer: String, of product: String) throws -> Store.CodeRedemption {
    let code = try world.store.makeOfferCodes(
      productId: product, offerName: offer, custom: nil, count: 1, limit: nil, expires: nil)[0].code
    let redemption = try world.store.redeem(code: code, account: account).get()
    world.settle()
    return redemption
  }

  @Test func aRedeemedCodeIsOfferType3InTheSignedTransactionAndTheRenewalInfo() throws {
    let record = try #require(try redeem("Winter Promo", of: "com.example.studio.plus.monthly").record)
    let payload = SignedPayloadFactory(world: world).transaction(record)
    #expect(payload.offerType == .subscriptionOfferCode && payload.offerIdentifier == "Winter Promo")
    #expect(payload.offerDiscountType == .freeTrial && payload.offerPeriod == "P1M")
    _ = try redeem("Loyal Discount", of: "com.example.studio.plus.monthly")
    let state = try #require(account.subscriptions["Studio"])
    let renewal = SignedPayloadFactory(world: world).renewalInfo(state)
    #expect(renewal.offerType == .subscriptionOfferCode && renewal.offerIdentifier == "Loyal Discount")
    #expect(renewal.offerDiscountType == .payAsYouGo && renewal.renewalPrice == 2490)
  }

  @Test func aOneTimeCodeIsOneTimeWithNoPeriod() throws {
    let code = "FREECOINS"
    let record = try #require(try world.store.redeem(code: code, account: account).get().record)
    let payload = SignedPayloadFactory(world: world).transaction(record)
    #expect(payload.offerType == .subscriptionOfferCode && payload.offerDiscountType == .oneTime)
    #expect(payload.offerPeriod == nil && payload.price == 0)
  }

  @Test func verifyReceiptNamesTheCodeInLatestAndPendingRenewalInfo() throws {
    _ = try redeem("Winter Promo", of: "com.example.studio.plus.monthly")
    _ = try redeem("Loyal Discount", of: "com.example.studio.plus.monthly")
    let response = try VerifyReceiptService(world: world).verify(
      .init(
        receiptData: try world.signedReceipt(of: world.device), password: nil, endpoint: .sandbox,
        excludeOldTransactions: false))
    #expect(response.body.latestReceiptInfo?.map(\.offerCodeRefName) == ["Winter Promo"])
    #expect(response.body.pendingRenewalInfo?.map(\.offerCodeRefName) == ["Loyal Discount"])
  }

  @Test func theDeviceHearsARedemptionAsATransactionMadeOutsideTheApp() throws {
    let record = try #require(try redeem("Winter Promo", of: "com.example.studio.plus.monthly").record)
    #expect(world.device.queue.transactions.isEmpty)  // the stand-in observer finished it
    #expect(world.registry.transaction(identifier: record.transactionId, onDevice: world.device.name) != nil)
  }

  @Test func aSavedWorldKeepsItsCodesAndTheirUses() throws {
    _ = try redeem("Winter Promo", of: "com.example.studio.plus.monthly")
    _ = try world.store.makeOfferCodes(
      productId: "com.example.studio.coins", offerName: "Free Coins", custom: "LATER", count: 1, limit: 3,
      expires: world.store.clock.now.addingTimeInterval(86_400))
    let text = String(decoding: try WorldFile.encode(world), as: UTF8.self)
    let loaded = try World(
      restoring: WorldFile.decode(Array(text.utf8)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    #expect(loaded.store.offerCodes.codes == world.store.offerCodes.codes)
    #expect(loaded.store.offerCodes.oneTimeCount == 1)
    let next = try loaded.store.makeOfferCodes(
      productId: "com.example.studio.plus.monthly", offerName: "Winter Promo", custom: nil, count: 1,
      limit: nil,
      expires: nil)
    #expect(!world.store.offerCodes.codes.map(\.code).contains(next[0].code))
    let history = try #require(loaded.store.account(named: "default")?.history.first)
    #expect(history.offerCodeRefName == "Winter Promo")

    let damaged = text.replacingOccurrences(of: #""code": "LATER""#, with: #""code": "later""#)
    #expect(damaged != text)
    #expect(throws: WorldFileError.self) {
      try World(
        restoring: WorldFile.decode(Array(damaged.utf8)), log: EventLog(),
        authorityDirectory: testAuthorityDirectory)
    }
  }
}
