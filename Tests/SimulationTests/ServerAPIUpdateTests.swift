import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// The endpoints that change the world: consumption information and renewal-date extensions.
@Suite struct ServerAPIUpdateTests {
  let world: World
  let account: Account

  init() throws {
    world = try World.onDefaultCatalog()
    account = try #require(world.store.account(named: "default"))
  }

  private func extend(_ id: String, days: Int = 30, reason: Int = 1, request: String) -> APIResponse {
    world.call(
      "PUT", "/inApps/v1/subscriptions/extend/\(id)",
      body: #"{"extendByDays":\#(days),"extendReasonCode":\#(reason),"requestIdentifier":"\#(request)"}"#)
  }

  // MARK: Consumption

  private let consentedV2 =
    #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","consumptionPercentage":25000,"refundPreference":"GRANT_PRORATED"}"#

  @Test func consumptionInformationV2IsAcceptedAndRecorded() throws {
    let coins = try world.charge("coins.100")
    let response = world.call(
      "PUT", "/inApps/v2/transactions/consumption/\(coins.transactionId)", body: consentedV2)
    #expect(response.status == 202 && response.body.isEmpty)
    let recorded = try #require(world.serverAPI.consumption[coins.transactionNumber])
    #expect(
      recorded.body
        == .v2(
          ConsumptionRequest(
            customerConsented: true, consumptionPercentage: 25_000, deliveryStatus: "DELIVERED",
            refundPreference: "GRANT_PRORATED", sampleContentProvided: false)))
    #expect(recorded.receivedAt == world.store.clock.now)
  }

  @Test func consumptionInformationV2FollowsApplesRules() throws {
    let coins = try world.charge("coins.100")
    let monthly = try world.charge("pro.monthly")
    let pack = try world.charge("level.pack")
    let send = { (id: String, body: String) throws -> APIError in
      let response = self.world.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: body)
      let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(response.body))
      #expect(response.status == body.errorCode / 10_000)
      return APIError(body.errorCode, body.errorMessage)
    }
    let id = coins.transactionId
    #expect(
      try send(id, #"{"sampleContentProvided":true,"deliveryStatus":"DELIVERED"}"#)
        == .invalidCustomerConsented)
    #expect(
      try send(id, #"{"customerConsented":false,"sampleContentProvided":true,"deliveryStatus":"DELIVERED"}"#)
        == .invalidCustomerConsented)
    #expect(
      try send(id, #"{"customerConsented":"yes","sampleContentProvided":true,"deliveryStatus":"DELIVERED"}"#)
        == .invalidCustomerConsented)
    #expect(
      try send(id, #"{"customerConsented":true,"deliveryStatus":"DELIVERED"}"#)
        == .invalidSampleContentProvided)
    #expect(
      try send(id, #"{"customerConsented":true,"sampleContentProvided":true}"#) == .invalidDeliveryStatus)
    #expect(
      try send(id, #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"LOST"}"#)
        == .invalidDeliveryStatus)
    #expect(
      try send(
        id,
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","refundPreference":"MAYBE"}"#
      ) == .invalidRefundPreference)
    #expect(
      try send(
        id,
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","consumptionPercentage":100001}"#
      ) == .consumptionPercentageOutOfRange)
    #expect(
      try send(
        id,
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","consumptionPercentage":-1}"#
      ) == .consumptionPercentageOutOfRange)
    #expect(
      try send(
        id,
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":500}"#
      ) == .undeliveredConsumptionPercentageNonZero)
    #expect(try send(monthly.transactionId, consentedV2) == .consumptionPercentageAutoRenewableSubscription)
    #expect(try send(pack.transactionId, consentedV2) == .invalidTransactionTypeNotSupported)
    #expect(try send("2000000000009999", consentedV2) == .transactionIdNotFound)
    #expect(try send("nine", consentedV2) == .invalidTransactionId)
    #expect(try send(id, "not json") == .generalBadRequest)
    #expect(world.serverAPI.consumption.isEmpty)
    let undelivered =
      #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":0}"#
    #expect(world.call("PUT", "/inApps/v2/transactions/consumption/\(id)", body: undelivered).status == 202)
    let prorated =
      #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","refundPreference":"GRANT_PRORATED"}"#
    #expect(
      world.call("PUT", "/inApps/v2/transactions/consumption/\(monthly.transactionId)", body: prorated).status
        == 202)
  }

  @Test func consumptionInformationV1ChecksEveryFieldsRange() throws {
    let coins = try world.charge("coins.100")
    let path = "/inApps/v1/transactions/consumption/\(coins.transactionId)"
    let fields: [String: String] = [
      "customerConsented": "true", "consumptionStatus": "1", "platform": "1",
      "sampleContentProvided": "false",
      "deliveryStatus": "0", "appAccountToken": "\"\"", "accountTenure": "3", "playTime": "2",
      "lifetimeDollarsRefunded": "0", "lifetimeDollarsPurchased": "4", "userStatus": "1",
      "refundPreference": "2",
    ]
    let body = { (changes: [String: String?]) -> String in
      var merged = fields
      for (key, value) in changes { merged[key] = value }
      return "{"
        + merged.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }
    #expect(world.call("PUT", path, body: body([:])).status == 202)
    guard case .v1(let sent) = try #require(world.serverAPI.consumption[coins.transactionNumber]).body else {
      Issue.record("not recorded as v1")
      return
    }
    #expect(sent.lifetimeDollarsPurchased == 4 && sent.refundPreference == 2)
    let cases: [(String, String?, Int)] = [
      ("customerConsented", "false", 4_000_035), ("consumptionStatus", "4", 4_000_034),
      ("platform", "3", 4_000_039), ("deliveryStatus", "6", 4_000_036), ("accountTenure", "8", 4_000_032),
      ("accountTenure", nil, 4_000_032), ("playTime", "-1", 4_000_040),
      ("lifetimeDollarsRefunded", "8", 4_000_038),
      ("lifetimeDollarsPurchased", "9", 4_000_037), ("userStatus", "5", 4_000_042),
      ("sampleContentProvided", nil, 4_000_041), ("appAccountToken", "\"nope\"", 4_000_033),
      ("appAccountToken", "5", 4_000_033),
    ]
    for (key, value, expected) in cases {
      #expect(
        try errorCode(world.call("PUT", path, body: body([key: value]))) == expected,
        "\(key)=\(value ?? "absent")")
    }
    let token = #""7E3FB20B-4CDB-47CC-936D-99D65F608138""#
    #expect(world.call("PUT", path, body: body(["appAccountToken": token])).status == 202)
    let pack = try world.charge("level.pack")
    #expect(
      try errorCode(
        world.call("PUT", "/inApps/v1/transactions/consumption/\(pack.transactionId)", body: body([:])))
        == 4_000_047)
  }

  // MARK: Extensions

  @Test func extendingMovesTheRenewalAndIsAppliedOncePerRequestIdentifier() throws {
    let yearly = try world.charge("pro.yearly")
    let expires = try #require(yearly.expiresDate)
    let answer = try world.decode(ExtendRenewalDateResponse.self, extend(yearly.transactionId, request: "r1"))
    let newExpiry = expires.addingTimeInterval(30 * 86_400)
    #expect(
      answer
        == ExtendRenewalDateResponse(
          originalTransactionId: yearly.transactionId, webOrderLineItemId: yearly.webOrderLineItemId,
          success: true,
          effectiveDate: Int64(newExpiry.timeIntervalSince1970 * 1000)))
    #expect(account.history[0].expiresDate == newExpiry)
    #expect(try world.store.subscription(for: "pro.yearly", account: account).expiresDate == newExpiry)
    #expect(
      try world.decode(ExtendRenewalDateResponse.self, extend(yearly.transactionId, request: "r1")) == answer)
    #expect(account.history[0].expiresDate == newExpiry)
    // The renewal happens at the new date, not the old one.
    try world.advanceClock(by: TimeSpan(months: 12, seconds: 86_400))
    #expect(account.history.count == 1)
    try world.advanceClock(by: TimeSpan(seconds: 30 * 86_400))
    #expect(account.history.count == 2 && account.history[1].purchaseDate == newExpiry)
  }

  @Test func atMostTwoExtensionsAYear() throws {
    let yearly = try world.charge("pro.yearly")
    #expect(extend(yearly.transactionId, days: 1, request: "a").status == 200)
    #expect(extend(yearly.transactionId, days: 1, request: "b").status == 200)
    #expect(try errorCode(extend(yearly.transactionId, days: 1, request: "c")) == 4_030_005)
    try world.advanceClock(by: TimeSpan(seconds: 370 * 86_400))
    let renewed = try #require(account.history.last)
    #expect(renewed.reason == .renewal)
    #expect(extend(yearly.transactionId, days: 1, request: "d").status == 200)
  }

  @Test func extensionRequestsAreCheckedAsAppleChecksThem() throws {
    let yearly = try world.charge("pro.yearly")
    let id = yearly.transactionId
    #expect(try errorCode(extend(id, days: 0, request: "x")) == 4_000_009)
    #expect(try errorCode(extend(id, days: 91, request: "x")) == 4_000_009)
    #expect(try errorCode(extend(id, reason: 4, request: "x")) == 4_000_010)
    #expect(try errorCode(extend(id, request: "")) == 4_000_011)
    #expect(
      try errorCode(
        world.call(
          "PUT", "/inApps/v1/subscriptions/extend/\(id)",
          body: #"{"extendByDays":"ten","extendReasonCode":1,"requestIdentifier":"x"}"#))
        == 4_000_009)
    #expect(try errorCode(extend("abc", request: "x")) == 4_000_008)
    #expect(try errorCode(extend("2000000000009999", request: "x")) == 4_040_005)
    let coins = try world.charge("coins.100")
    #expect(try errorCode(extend(coins.transactionId, request: "x")) == 4_030_004)
    try world.store.expireNow(productId: "pro.yearly", account: account)
    #expect(try errorCode(extend(id, request: "x")) == 4_030_004)
  }

  @Test func aRenewalIsNotAnOriginalAndAFamilyShareIsNotExtended() throws {
    try world.store.addAccount(named: "kid")
    try world.store.addToFamily("kid", organizer: account)
    let monthly = try world.charge("pro.yearly")
    try world.advanceClock(by: TimeSpan(months: 12, seconds: 60))
    let renewal = try #require(account.history.last { $0.reason == .renewal })
    #expect(try errorCode(extend(renewal.transactionId, request: "x")) == 4_000_008)
    let kid = try #require(world.store.account(named: "kid"))
    let shared = try #require(kid.history.first)
    #expect(try errorCode(extend(shared.transactionId, request: "x")) == 4_030_007)
    #expect(extend(monthly.transactionId, request: "x").status == 200)
  }

  @Test func aMassExtensionExtendsEveryActiveSubscriberOnceAndReportsItsStatus() throws {
    var originals: [PurchaseRecord] = []
    for name in ["a", "b", "c"] {
      try world.store.addAccount(named: name)
      originals.append(try world.charge("pro.yearly", account: name))
    }
    try world.changeStorefront(to: "FRA")
    try world.store.addAccount(named: "french")
    let french = try world.charge("pro.yearly", account: "french")
    let maxedOut = originals[2].transactionId
    for request in ["m1", "m2"] { #expect(extend(maxedOut, days: 1, request: request).status == 200) }
    let body =
      #"{"extendByDays":10,"extendReasonCode":3,"requestIdentifier":"mass-1","productId":"pro.yearly","storefrontCountryCodes":["USA"]}"#
    let response = world.call("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"requestIdentifier":"mass-1"}"#)
    let status = try world.decode(
      MassExtendRenewalDateStatusResponse.self,
      world.call("GET", "/inApps/v1/subscriptions/extend/mass/pro.yearly/mass-1"))
    #expect(
      status.requestIdentifier == "mass-1" && status.complete && status.succeededCount == 2
        && status.failedCount == 1)
    #expect(status.completeDate == Int64(world.store.clock.now.timeIntervalSince1970 * 1000))
    let extended = originals[0].expiresDate.map { $0.addingTimeInterval(10 * 86_400) }
    #expect(world.store.account(named: "a")?.history[0].expiresDate == extended)
    #expect(world.store.account(named: "french")?.history[0].expiresDate == french.expiresDate)
    #expect(world.call("POST", "/inApps/v1/subscriptions/extend/mass", body: body).status == 200)
    #expect(world.store.account(named: "a")?.history[0].expiresDate == extended)
    let record = try #require(world.serverAPI.lastMassExtension)
    #expect(
      record.productId == "pro.yearly" && record.storefrontCountryCodes == ["USA"]
        && record.extendReasonCode == 3)
    #expect(world.serverAPI.massExtensions.count == 1)

    #expect(
      try errorCode(world.call("GET", "/inApps/v1/subscriptions/extend/mass/pro.yearly/other")) == 4_040_009)
    #expect(
      try errorCode(world.call("GET", "/inApps/v1/subscriptions/extend/mass/pro.monthly/mass-1")) == 4_040_009
    )
    let mass = { (fields: String) throws -> Int in
      try errorCode(
        self.world.call(
          "POST", "/inApps/v1/subscriptions/extend/mass",
          body: #"{"extendByDays":10,"extendReasonCode":3,"requestIdentifier":"mass-2",\#(fields)}"#))
    }
    #expect(try mass(#""productId":"pro.yearly","storefrontCountryCodes":[]"#) == 4_000_027)
    #expect(try mass(#""productId":"pro.yearly","storefrontCountryCodes":["XX"]"#) == 4_000_028)
    #expect(try mass(#""productId":"pro.yearly","storefrontCountryCodes":["usa"]"#) == 4_000_028)
    #expect(try mass(#""productId":"coins.100""#) == 4_000_023)
  }
}
