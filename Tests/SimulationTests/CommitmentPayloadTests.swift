import Catalog
import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// The signed data of a subscription bought with a billing plan: `billingPlanType` and
/// `commitmentInfo` in transactions, `commitmentInfo` and `renewalBillingPlanType` in renewal info,
/// and none of them for a subscription without a plan.
@Suite struct CommitmentPayloadTests {
  private static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/commitments.json").standardizedFileURL.path

  private func world() throws -> World {
    World(
      catalog: try CatalogLoader.load(path: Self.catalog), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
  }

  private func buy(_ world: World, _ productId: String, plan: BillingPlan.Kind?) throws -> PurchaseRecord {
    let account = try #require(world.device.queue.account)
    return try world.store.charge(productId: productId, quantity: 1, account: account, billingPlan: plan)
      .get()
  }

  @Test func aCommitmentsTransactionsAndRenewalInfoSayWhereItStands() throws {
    let world = try world()
    let first = try buy(world, "studio.yearly", plan: .monthly)
    try world.store.advanceClock(by: TimeSpan(months: 2))
    let account = try #require(world.device.queue.account)
    let factory = SignedPayloadFactory(world: world)
    let third = factory.transaction(try #require(account.history.last))
    #expect(third.billingPlanType == .monthly && third.rawBillingPlanType == "MONTHLY")
    #expect(third.price == 5990)
    let commitment = try #require(third.commitmentInfo)
    #expect(commitment.billingPeriodNumber == 3 && commitment.totalBillingPeriods == 12)
    #expect(commitment.commitmentPrice == 71880)
    #expect(commitment.commitmentExpiresDate == first.commitment?.expiresDate)

    let state = try #require(account.subscriptions["Studio"])
    try world.store.setAutoRenew(false, productId: "studio.yearly", account: account)
    let info = factory.renewalInfo(state)
    #expect(info.autoRenewStatus == .on, "the months left of the commitment are still billed")
    #expect(info.renewalBillingPlanType == .monthly && info.renewalPrice == 5990)
    let renewal = try #require(info.commitmentInfo)
    #expect(renewal.commitmentAutoRenewStatus == .off)
    #expect(renewal.commitmentAutoRenewProductId == "studio.yearly")
    #expect(renewal.commitmentRenewalBillingPlanType == .monthly)
    #expect(renewal.commitmentRenewalDate == first.commitment?.expiresDate)
    #expect(renewal.commitmentRenewalPrice == 5990)
  }

  @Test func theSignedJSONNamesTheFieldsAsApplesModelsDo() throws {
    let world = try world()
    let record = try buy(world, "studio.yearly", plan: .monthly)
    let payload = SignedPayloadFactory(world: world).transaction(record)
    let object = try #require(
      try JSONSerialization.jsonObject(with: try AppStoreJSON.encoder().encode(payload)) as? [String: Any])
    #expect(object["billingPlanType"] as? String == "MONTHLY")
    let info = try #require(object["commitmentInfo"] as? [String: Any])
    #expect(
      Set(info.keys) == [
        "billingPeriodNumber", "commitmentExpiresDate", "commitmentPrice", "totalBillingPeriods",
      ])
    let decoded = try AppStoreJSON.decoder().decode(
      JWSTransactionDecodedPayload.self, from: try AppStoreJSON.encoder().encode(payload))
    #expect(decoded == payload)
  }

  @Test func aSubscriptionWithoutAPlanCarriesNoneOfTheFields() throws {
    let world = try world()
    let record = try buy(world, "studio.yearly", plan: nil)
    let account = try #require(world.device.queue.account)
    let factory = SignedPayloadFactory(world: world)
    let payload = factory.transaction(record)
    #expect(payload.rawBillingPlanType == nil && payload.commitmentInfo == nil)
    let info = factory.renewalInfo(try #require(account.subscriptions["Studio"]))
    #expect(info.commitmentInfo == nil && info.rawRenewalBillingPlanType == nil)
    let text = String(decoding: try AppStoreJSON.encoder().encode(info), as: UTF8.self)
    #expect(!text.contains("commitment") && !text.contains("BillingPlan"))
  }
}
