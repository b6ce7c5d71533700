import Catalog
import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

@Suite struct ServerAPITests {
  let world: World

  init() throws {
    world = try World.onDefaultCatalog()
  }

  @Test func getTransactionInfoSignsTheTransactionWithTheWorldsAuthority() throws {
    let bought = try world.buy("level.pack")
    let id = try #require(bought.record?.transactionId)
    let response = world.call("GET", "/inApps/v1/transactions/\(id)")
    let info = try world.decode(TransactionInfoResponse.self, response)
    let payload = try world.verified(JWSTransactionDecodedPayload.self, info.signedTransactionInfo)
    #expect(payload.transactionId == id && payload.productId == "level.pack")
    #expect(payload.bundleId == "com.example.storebench" && payload.environment == .sandbox)
    #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("{\"signedTransactionInfo\":\"ey"))
  }

  @Test func badAndUnknownIdsGetApplesCodes() throws {
    _ = try world.buy("level.pack")
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/abc")) == 4_000_006)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/-1")) == 4_000_006)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/99999999999999999999")) == 4_000_006)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/2000000000000999")) == 4_040_010)
    #expect(try errorCode(world.call("GET", "/inApps/v2/history/2000000000000999")) == 4_040_010)
    #expect(try errorCode(world.call("GET", "/inApps/v1/subscriptions/x1")) == 4_000_006)
  }

  @Test func unknownPathsAre404AndWrongMethods405() throws {
    _ = try world.buy("level.pack")
    #expect(try errorCode(world.call("GET", "/inApps/v1/nothing/here")) == 4_040_000)
    #expect(try errorCode(world.call("GET", "/verifyReceipt")) == 4_040_000)
    // One trailing `/` is the path without it; two are not.
    #expect(world.call("GET", "/inApps/v1/transactions/2000000000000001/").status == 200)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/2000000000000001//")) == 4_040_000)
    #expect(try errorCode(world.call("POST", "/inApps/v1/transactions/2000000000000001")) == 4_050_000)
    #expect(try errorCode(world.call("GET", "/inApps/v1/subscriptions/extend/mass")) == 4_050_000)
    #expect(
      AppStoreServerAPI.endpointName(for: APIRequest(method: "GET", path: "/inApps/v1/notifications/test"))
        == "test-notification")
    #expect(
      AppStoreServerAPI.endpointName(for: APIRequest(method: "GET", path: "/inApps/v1/lookup/X"))
        == "order-lookup")
    #expect(AppStoreServerAPI.endpointName(for: APIRequest(method: "GET", path: "/elsewhere")) == nil)
  }

  @Test func nodesTrailingQuestionMarkAndAnEmptyQueryWork() throws {
    _ = try world.buy("level.pack")
    // The edge strips `?`; an empty query is no items, or an item with an empty name.
    let plain = world.call("GET", "/inApps/v1/transactions/2000000000000001", query: [("", "")])
    #expect(plain.status == 200)
    #expect(world.call("GET", "/inApps/v2/history/2000000000000001", query: [("", "")]).status == 200)
  }

  @Test func orderIdsMapBothWaysAndLookUpTheirPurchaseInProduction() throws {
    for number: UInt64 in [0, 1, 2_000_000_000_000_001, 2_000_000_000_123_456, 3_656_158_440_062_975] {
      let id = try #require(OrderID.make(for: number))
      #expect(id.count == 10 && id.allSatisfy { $0.isUppercase || $0.isNumber })
      #expect(OrderID.transactionNumber(of: id) == number)
    }
    #expect(OrderID.make(for: 2_000_000_000_000_001) != OrderID.make(for: 2_000_000_000_000_002))
    #expect(OrderID.transactionNumber(of: "abc") == nil && OrderID.transactionNumber(of: "ABCDEFGHI!") == nil)

    world.environment = .production
    let record = try world.charge("level.pack")
    let orderId = try #require(AppStoreServerAPI.orderID(of: record))
    let found = try world.decode(OrderLookupResponse.self, world.call("GET", "/inApps/v1/lookup/\(orderId)"))
    #expect(found.status == 0)
    let payload = try world.verified(
      JWSTransactionDecodedPayload.self, try #require(found.signedTransactions?.first))
    #expect(payload.transactionId == record.transactionId && payload.environment == .production)
    let missing = world.call("GET", "/inApps/v1/lookup/ZZZZZZZZZZ")
    #expect(
      try world.decode(OrderLookupResponse.self, missing)
        == OrderLookupResponse(status: 1, signedTransactions: nil))
    #expect(String(decoding: missing.body, as: UTF8.self) == #"{"status":1}"#)
    #expect(
      try world.decode(OrderLookupResponse.self, world.call("GET", "/inApps/v1/lookup/bad")).status == 1)

    world.environment = .sandbox
    #expect(try errorCode(world.call("GET", "/inApps/v1/lookup/\(orderId)")) == 4_040_000)
  }

  @Test func aRenewalBelongsToNoNewOrder() throws {
    world.environment = .production
    let first = try world.charge("pro.yearly")
    try world.advanceClock(by: TimeSpan(months: 13))
    let account = try #require(world.store.account(named: "default"))
    let renewal = try #require(account.history.last { $0.reason == .renewal })
    #expect(AppStoreServerAPI.orderID(of: first) != nil && AppStoreServerAPI.orderID(of: renewal) == nil)
    let orderId = try #require(OrderID.make(for: renewal.transactionNumber))
    #expect(
      try world.decode(OrderLookupResponse.self, world.call("GET", "/inApps/v1/lookup/\(orderId)")).status
        == 1)
  }

  @Test func statusesGiveEachSubscriptionItsStatusTransactionAndRenewalInfo() throws {
    let subscription = try world.charge("pro.monthly")
    let response = world.call("GET", "/inApps/v1/subscriptions/\(subscription.transactionId)")
    let statuses = try world.decode(StatusResponse.self, response)
    #expect(statuses.environment == "Sandbox" && statuses.appAppleId == world.appAppleId)
    #expect(statuses.bundleId == "com.example.storebench" && statuses.data.count == 1)
    let group = try #require(statuses.data.first)
    #expect(group.subscriptionGroupIdentifier == Subscription.derivedGroupIdentifier(of: "Pro"))
    let item = try #require(group.lastTransactions.first)
    #expect(item.status == 1 && item.originalTransactionId == subscription.transactionId)
    let renewal = try world.verified(JWSRenewalInfoDecodedPayload.self, item.signedRenewalInfo)
    #expect(
      renewal.originalTransactionId == subscription.transactionId
        && renewal.autoRenewProductId == "pro.monthly")
    #expect(
      try world.verified(JWSTransactionDecodedPayload.self, item.signedTransactionInfo).productId
        == "pro.monthly")

    let only = { (status: String) throws -> Int in
      try self.world.decode(
        StatusResponse.self,
        self.world.call(
          "GET", "/inApps/v1/subscriptions/\(subscription.transactionId)", query: [("status", status)])
      ).data.count
    }
    #expect(try only("1") == 1 && only("2") == 0)
    try world.store.refund(
      transactionNumber: subscription.transactionNumber, reason: .other,
      account: try #require(world.store.account(named: "default")))
    #expect(try only("5") == 1 && only("1") == 0)
    for bad in ["0", "6", "x", ""] {
      #expect(
        try errorCode(
          world.call(
            "GET", "/inApps/v1/subscriptions/\(subscription.transactionId)", query: [("status", bad)]))
          == 4_000_031)
    }
  }

  @Test func refundHistoryPagesRefundsInTheOrderTheyHappened() throws {
    let account = try #require(world.store.account(named: "default"))
    var refunded: [String] = []
    for index in 0..<45 {
      let record = try world.charge("coins.100")
      if index % 2 == 0 || index < 30 {
        try world.store.refund(transactionNumber: record.transactionNumber, reason: .other, account: account)
        refunded.append(record.transactionId)
      }
    }
    let any = refunded[0]
    var seen: [String] = []
    var revision: String?
    var pages = 0
    repeat {
      let page = try world.decode(
        RefundHistoryResponse.self,
        world.call("GET", "/inApps/v2/refund/lookup/\(any)", query: revision.map { [("revision", $0)] } ?? [])
      )
      seen += try page.signedTransactions.map {
        try #require(world.verified(JWSTransactionDecodedPayload.self, $0).transactionId)
      }
      #expect(page.signedTransactions.count <= 20)
      revision = page.revision
      pages += 1
      if page.hasMore != true { break }
    } while pages < 10
    #expect(seen == refunded && pages == 2)
    // The last revision later gives only refunds made since.
    let later = try world.charge("coins.100")
    try world.store.refund(transactionNumber: later.transactionNumber, reason: .appIssue, account: account)
    let since = try world.decode(
      RefundHistoryResponse.self,
      world.call("GET", "/inApps/v2/refund/lookup/\(any)", query: [("revision", try #require(revision))]))
    #expect(since.signedTransactions.count == 1 && since.hasMore == false)
    #expect(
      try errorCode(world.call("GET", "/inApps/v2/refund/lookup/\(any)", query: [("revision", "junk")]))
        == 4_000_005)

    let v1 = try world.decode(
      RefundHistoryResponse.self, world.call("GET", "/inApps/v1/refund/lookup/\(any)"))
    #expect(v1.signedTransactions.count == 39 && v1.revision == nil && v1.hasMore == nil)
    #expect(
      try world.verified(JWSTransactionDecodedPayload.self, v1.signedTransactions[0]).transactionId
        == later.transactionId)
    #expect(try errorCode(world.call("GET", "/inApps/v1/refund/lookup/x")) == 4_000_008)
    #expect(try errorCode(world.call("GET", "/inApps/v1/refund/lookup/2000000000009999")) == 4_040_005)
  }

  @Test func theAppAccountTokenAppliesToTheCurrentAndLaterTransactionsOfTheSubscription() throws {
    let first = try world.charge("pro.monthly")
    try world.advanceClock(by: TimeSpan(months: 1, seconds: 7 * 86_400))
    let account = try #require(world.store.account(named: "default"))
    let renewals = account.history.filter { $0.reason == .renewal }
    let current = try #require(renewals.last)
    let token = "7E3FB20B-4CDB-47CC-936D-99D65F608138"
    let path = "/inApps/v1/transactions/\(first.transactionId)/appAccountToken"
    let set = world.call("PUT", path, body: #"{"appAccountToken":"\#(token)"}"#)
    #expect(set.status == 200 && set.body.isEmpty)
    let tokenOf = { (id: String) throws -> String? in
      let info = try self.world.decode(
        TransactionInfoResponse.self, self.world.call("GET", "/inApps/v1/transactions/\(id)"))
      return try self.world.verified(JWSTransactionDecodedPayload.self, info.signedTransactionInfo)
        .appAccountToken
    }
    #expect(try tokenOf(current.transactionId) == token.lowercased())
    #expect(try tokenOf(first.transactionId) == nil)
    try world.advanceClock(by: TimeSpan(months: 1))
    let next = try #require(account.history.last)
    #expect(next.transactionNumber > current.transactionNumber)
    #expect(try tokenOf(next.transactionId) == token.lowercased())
    let state = try world.store.subscription(for: "pro.monthly", account: account)
    #expect(SignedPayloadFactory(world: world).renewalInfo(state).appAccountToken == token.lowercased())

    #expect(try errorCode(world.call("PUT", path, body: #"{"appAccountToken":"nope"}"#)) == 4_000_183)
    #expect(try errorCode(world.call("PUT", path, body: #"{"appAccountToken":7}"#)) == 4_000_183)
    #expect(try errorCode(world.call("PUT", path, body: "{}")) == 4_000_183)
    let notOriginal = "/inApps/v1/transactions/\(current.transactionId)/appAccountToken"
    #expect(
      try errorCode(world.call("PUT", notOriginal, body: #"{"appAccountToken":"\#(token)"}"#)) == 4_000_187)
    #expect(
      try errorCode(world.call("PUT", "/inApps/v1/transactions/x/appAccountToken", body: "{}")) == 4_000_006)
    #expect(
      try errorCode(world.call("PUT", "/inApps/v1/transactions/2000000000009999/appAccountToken", body: "{}"))
        == 4_040_005)
  }

  @Test func aFamilySharedTransactionTakesNoAppAccountToken() throws {
    try world.store.addAccount(named: "kid")
    let organizer = try #require(world.store.account(named: "default"))
    try world.store.addToFamily("kid", organizer: organizer)
    _ = try world.charge("level.pack")
    let kid = try #require(world.store.account(named: "kid"))
    let shared = try #require(kid.history.first)
    #expect(shared.isFamilyShared)
    #expect(
      try errorCode(
        world.call(
          "PUT", "/inApps/v1/transactions/\(shared.transactionId)/appAccountToken",
          body: #"{"appAccountToken":"7E3FB20B-4CDB-47CC-936D-99D65F608138"}"#)) == 4_000_185)
  }

  @Test func appTransactionInfoComesFromADeviceOfTheCustomer() throws {
    let bought = try world.charge("level.pack")
    let info = try world.decode(
      AppTransactionInfoResponse.self,
      world.call("GET", "/inApps/v1/transactions/appTransactions/\(bought.transactionId)"))
    let app = try world.verified(AppTransaction.self, info.signedAppTransactionInfo)
    #expect(app.bundleId == "com.example.storebench" && app.receiptType == .sandbox)
    try world.store.addAccount(named: "nobody")
    let other = try world.charge("level.pack", account: "nobody")
    #expect(
      try errorCode(world.call("GET", "/inApps/v1/transactions/appTransactions/\(other.transactionId)"))
        == 4_040_019)
  }

  @Test func finishingOnTheServerDropsAConsumableFromV1HistoryAndReceipts() throws {
    let coins = try world.charge("coins.100")
    let account = try #require(world.store.account(named: "default"))
    #expect(!account.isFinished(transactionNumber: coins.transactionNumber))
    let finished = world.call("POST", "/inApps/v1/transactions/\(coins.transactionId)/finish")
    #expect(finished.status == 200 && finished.body.isEmpty)
    #expect(account.isFinished(transactionNumber: coins.transactionNumber))
    let v1 = try world.decode(
      HistoryResponse.self, world.call("GET", "/inApps/v1/history/\(coins.transactionId)"))
    #expect(v1.signedTransactions.isEmpty)
    let v2 = try world.decode(
      HistoryResponse.self, world.call("GET", "/inApps/v2/history/\(coins.transactionId)"))
    #expect(v2.signedTransactions.count == 1)
    #expect(try errorCode(world.call("POST", "/inApps/v1/transactions/1/finish")) == 4_040_010)
  }

  @Test func lookupsGoThroughAnIndexAcrossManyAccounts() throws {
    var last: PurchaseRecord?
    for index in 0..<200 {
      try world.store.addAccount(named: "customer\(index)")
      last = try world.charge("level.pack", account: "customer\(index)")
    }
    let record = try #require(last)
    #expect(world.store.account(holdingTransaction: record.transactionNumber)?.name == "customer199")
    try world.store.deleteAccount(named: "customer199")
    #expect(world.store.account(holdingTransaction: record.transactionNumber) == nil)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/\(record.transactionId)")) == 4_040_010)
  }
}
