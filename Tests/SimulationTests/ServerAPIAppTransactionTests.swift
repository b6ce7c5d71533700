import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// The App Store Server API and the customer's `appTransactionId`: accepted where Apple takes
/// `anyTransactionId`, `4000048` where a path names one transaction.
@Suite struct ServerAPIAppTransactionTests {
  let world: World
  let appTransactionId: String

  init() throws {
    world = try World.onDefaultCatalog()
    appTransactionId = try #require(world.store.account(named: "default")).appTransactionId
  }

  @Test func historyStatusesRefundHistoryAndAppTransactionInfoFindTheCustomerByAppTransactionId() throws {
    let pack = try world.charge("level.pack")
    let subscription = try world.charge("pro.yearly")
    try world.store.refund(
      transactionNumber: pack.transactionNumber, reason: .other,
      account: try #require(world.store.account(named: "default")))
    for version in ["v1", "v2"] {
      let byApp = try world.decode(
        HistoryResponse.self, world.call("GET", "/inApps/\(version)/history/\(appTransactionId)"))
      let byTransaction = try world.decode(
        HistoryResponse.self, world.call("GET", "/inApps/\(version)/history/\(pack.transactionId)"))
      let ids = try byApp.signedTransactions.map {
        try world.verified(JWSTransactionDecodedPayload.self, $0).transactionId
      }
      #expect(
        ids == [subscription.transactionId, pack.transactionId]
          || ids == [pack.transactionId, subscription.transactionId])
      #expect(byApp.signedTransactions.count == byTransaction.signedTransactions.count)
    }
    let statuses = try world.decode(
      StatusResponse.self, world.call("GET", "/inApps/v1/subscriptions/\(appTransactionId)"))
    #expect(statuses.data.first?.lastTransactions.first?.originalTransactionId == subscription.transactionId)
    let renewal = try world.verified(
      JWSRenewalInfoDecodedPayload.self,
      try #require(statuses.data.first?.lastTransactions.first).signedRenewalInfo)
    #expect(renewal.appTransactionId == appTransactionId)
    let refunds = try world.decode(
      RefundHistoryResponse.self, world.call("GET", "/inApps/v2/refund/lookup/\(appTransactionId)"))
    let refunded = try refunds.signedTransactions.map {
      try world.verified(JWSTransactionDecodedPayload.self, $0)
    }
    #expect(refunded.map(\.transactionId) == [pack.transactionId])
    #expect(
      refunded.first?.revocationType == .refundFull && refunded.first?.appTransactionId == appTransactionId)
    let app = try world.decode(
      AppTransactionInfoResponse.self,
      world.call("GET", "/inApps/v1/transactions/appTransactions/\(appTransactionId)"))
    #expect(
      try world.verified(AppTransaction.self, app.signedAppTransactionInfo).appTransactionId
        == appTransactionId)
  }

  @Test func aCustomerWithoutPurchasesHasAnEmptyHistoryByAppTransactionId() throws {
    let history = try world.decode(
      HistoryResponse.self, world.call("GET", "/inApps/v2/history/\(appTransactionId)"))
    #expect(history.signedTransactions.isEmpty && !history.hasMore)
  }

  @Test func pathsNamingOneTransactionAnswer4000048ToAnAppTransactionId() throws {
    _ = try world.charge("pro.yearly")
    let consumption =
      #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#
    let answers = [
      world.call("GET", "/inApps/v1/transactions/\(appTransactionId)"),
      world.call("POST", "/inApps/v1/transactions/\(appTransactionId)/finish"),
      world.call("PUT", "/inApps/v2/transactions/consumption/\(appTransactionId)", body: consumption),
      world.call(
        "PUT", "/inApps/v1/transactions/\(appTransactionId)/appAccountToken",
        body: #"{"appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138"}"#),
      world.call(
        "PUT", "/inApps/v1/subscriptions/extend/\(appTransactionId)",
        body: #"{"extendByDays":1,"extendReasonCode":1,"requestIdentifier":"r1"}"#),
      world.call("GET", "/inApps/v1/refund/lookup/\(appTransactionId)"),
    ]
    for answer in answers {
      #expect(try errorCode(answer) == 4_000_048)
      #expect(
        try JSONDecoder().decode(APIErrorBody.self, from: Data(answer.body)).errorMessage
          == "Invalid request. App transactions aren't supported by this endpoint.")
    }
  }

  @Test func anEighteenDigitIdOfNoCustomerIsNotFound() throws {
    #expect(try errorCode(world.call("GET", "/inApps/v2/history/705000000000000099")) == 4_040_010)
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/705000000000000099")) == 4_040_010)
  }

  @Test func historyAnswersCarryTheAppsAppleIdInBothEnvironments() throws {
    _ = try world.charge("level.pack")
    for environment in [Verifier.Environment.sandbox, .production] {
      world.environment = environment
      let history = try world.decode(
        HistoryResponse.self, world.call("GET", "/inApps/v2/history/\(appTransactionId)"))
      #expect(history.appAppleId == world.appAppleId && history.environment == environment.rawValue)
    }
  }
}
