import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// An `EXTERNAL_PURCHASE_TOKEN` notification's payload, as a backend decodes it.
struct DecodedExternalPurchaseNotification: Decodable {
  struct Token: Decodable {
    var externalPurchaseId: String
    var tokenCreationDate: Int64
    var appAppleId: Int64
    var bundleId: String
    var tokenType: String?
    var tokenExpirationDate: Int64?
  }

  var notificationType: String
  var subtype: String?
  var externalPurchaseToken: Token
  var signedDate: Int64
}

extension World {
  /// Verifies an external purchase notification against the world's root and decodes it.
  func checkExternalPurchase(_ record: NotificationRecord) throws -> DecodedExternalPurchaseNotification {
    let verifier = JWSVerifier(trustedRoots: [try authority().root])
    return try verifier.verify(record.signedPayload, at: record.createdDate).decodePayload(
      as: DecodedExternalPurchaseNotification.self)
  }

  /// Sends an external purchase report through the API.
  func report(_ body: String) -> APIResponse {
    call("PUT", "/externalPurchase/v1/reports", body: body)
  }
}

@Suite struct ExternalPurchaseTests {
  @Test func anExternalPurchaseTokensLifeFromCreatedToAReport() throws {
    let world = try World.notifying(.sandbox)
    let start = world.store.clock.now
    let token = try world.linkOut(type: .services)
    #expect(token.externalPurchaseId.hasPrefix("SANDBOX_"))
    #expect(UUID(uuidString: String(token.externalPurchaseId.dropFirst("SANDBOX_".count))) != nil)
    #expect(token.expirationDate == start.addingTimeInterval(3_600))
    #expect(world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/CREATED"])
    let created = try world.checkExternalPurchase(try #require(world.notifications.records.last))
    #expect(created.externalPurchaseToken.externalPurchaseId == token.externalPurchaseId)
    #expect(created.externalPurchaseToken.tokenCreationDate == start.milliseconds)
    #expect(created.externalPurchaseToken.tokenType == "SERVICES")
    #expect(created.externalPurchaseToken.tokenExpirationDate == start.milliseconds + 3_600_000)
    #expect(created.externalPurchaseToken.bundleId == world.store.catalog.bundleId)
    #expect(created.externalPurchaseToken.appAppleId == world.appAppleId)

    let requestIdentifier = "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad"
    let sent = world.report(
      #"{"requestIdentifier":"\#(requestIdentifier)","externalPurchaseId":"\#(token.externalPurchaseId)","status":"NO_LINE_ITEM"}"#
    )
    #expect(sent.status == 200)
    #expect(String(decoding: sent.body, as: UTF8.self) == #"{"requestIdentifier":"\#(requestIdentifier)"}"#)
    #expect(world.externalPurchases.token(token.externalPurchaseId)?.reportedStatuses == [.noLineItem])

    try world.advanceClock(by: TimeSpan(seconds: 86_400))
    #expect(
      world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/CREATED"], "a reported token is not UNREPORTED")
    let retrieved = world.call("GET", "/externalPurchase/v1/reports/\(requestIdentifier)")
    #expect(retrieved.status == 200)
    #expect(
      String(decoding: retrieved.body, as: UTF8.self)
        == #"{"report":{"requestIdentifier":"\#(requestIdentifier)","externalPurchaseId":"\#(token.externalPurchaseId)","status":"NO_LINE_ITEM"}}"#
    )
  }

  @Test func aCustomLinkTokenNeverReportedGetsUnreportedWhenItExpires() throws {
    let world = try World.notifying(.sandbox)
    let token = try world.linkOut(type: .acquisition)
    try world.advanceClock(by: TimeSpan(seconds: 3_599))
    #expect(world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/CREATED"])
    try world.advanceClock(by: TimeSpan(seconds: 1))
    #expect(
      world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/CREATED", "EXTERNAL_PURCHASE_TOKEN/UNREPORTED"])
    let unreported = try world.checkExternalPurchase(try #require(world.notifications.records.last))
    #expect(unreported.externalPurchaseToken.externalPurchaseId == token.externalPurchaseId)
    #expect(unreported.signedDate == (try #require(token.expirationDate)).milliseconds)
    try world.advanceClock(by: TimeSpan(months: 2))
    #expect(world.notifications.records.count == 2, "UNREPORTED is sent once")
  }

  @Test func aPlainLinkOutTokenHasNoCreatedAndIsUnreportedTenDaysLater() throws {
    let world = try World.notifying(.production)
    let token = try world.linkOut(type: nil)
    #expect(UUID(uuidString: token.externalPurchaseId) != nil, "no SANDBOX prefix in production")
    #expect(token.expirationDate == nil)
    #expect(world.notifications.records.isEmpty)
    try world.advanceClock(by: TimeSpan(seconds: 10 * 86_400 - 1))
    #expect(world.notifications.records.isEmpty)
    try world.advanceClock(by: TimeSpan(seconds: 1))
    #expect(world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/UNREPORTED"])
    let decoded = try world.checkExternalPurchase(try #require(world.notifications.records.last))
    #expect(decoded.externalPurchaseToken.tokenType == nil)
    #expect(decoded.externalPurchaseToken.tokenExpirationDate == nil)
    #expect(throws: SimulationError.self) { try world.linkOut(type: nil, lifetime: TimeSpan(months: 1)) }
  }

  @Test func anActiveCustomLinkTokenIsRemindedMonthlyUntilReportedAsDuplicate() throws {
    let world = try World.notifying(.production)
    let token = try world.linkOut(type: .services)
    #expect(token.expirationDate == VirtualClock.adding(TimeSpan(months: 12), to: token.creationDate))
    try world.advanceClock(by: TimeSpan(months: 3))
    #expect(
      world.notificationNames() == ["EXTERNAL_PURCHASE_TOKEN/CREATED"]
        + Array(repeating: "EXTERNAL_PURCHASE_TOKEN/ACTIVE_TOKEN_REMINDER", count: 3))
    let reminders = try world.notifications.records.dropFirst().map(world.checkExternalPurchase)
    #expect(
      reminders.map(\.signedDate)
        == (1...3).compactMap {
          VirtualClock.adding(TimeSpan(months: $0), to: token.creationDate)?.milliseconds
        })
    let sent = world.report(
      #"{"requestIdentifier":"e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41","externalPurchaseId":"\#(token.externalPurchaseId)","status":"DUPLICATE_TOKEN"}"#
    )
    #expect(sent.status == 200)
    try world.advanceClock(by: TimeSpan(months: 12))
    #expect(
      world.notifications.records.count == 4,
      "no reminder after DUPLICATE_TOKEN, no UNREPORTED after a report")
  }

  @Test func aReportedLineItemTokenStillGetsRemindersButNoUnreported() throws {
    let world = try World.notifying(.sandbox)
    let token = try world.linkOut(type: .services, lifetime: TimeSpan(months: 2))
    let sent = world.report(
      #"{"requestIdentifier":"0a7f6f43-2d1c-4b59-9e55-3e1b3c1d2e4f","externalPurchaseId":"\#(token.externalPurchaseId)","status":"LINE_ITEM","lineItems":[{"lineItemId":"1","creationDate":\#(token.creationDate.milliseconds),"pricingCurrency":"EUR","reportingCurrency":"EUR","amountTaxExclusive":1000,"amountTaxInclusive":1190,"netAmountTaxExclusive":1000,"taxAmount":190,"taxCountry":"DEU","productIdentifier":"pro","quantity":1,"eventType":"BUY","productType":"ONE_TIME_BUY"}]}"#
    )
    #expect(sent.status == 200)
    try world.advanceClock(by: TimeSpan(months: 3))
    #expect(
      world.notificationNames() == [
        "EXTERNAL_PURCHASE_TOKEN/CREATED", "EXTERNAL_PURCHASE_TOKEN/ACTIVE_TOKEN_REMINDER",
      ])
    let retrieved = world.call("GET", "/externalPurchase/v1/reports/0a7f6f43-2d1c-4b59-9e55-3e1b3c1d2e4f")
    #expect(
      String(decoding: retrieved.body, as: UTF8.self)
        == #"{"report":{"requestIdentifier":"0a7f6f43-2d1c-4b59-9e55-3e1b3c1d2e4f","externalPurchaseId":"\#(token.externalPurchaseId)","status":"LINE_ITEM","lineItems":[{"lineItemId":"1","creationDate":\#(token.creationDate.milliseconds),"pricingCurrency":"EUR","reportingCurrency":"EUR","amountTaxExclusive":1000,"amountTaxInclusive":1190,"netAmountTaxExclusive":1000,"taxAmount":190,"taxCountry":"DEU","productIdentifier":"pro","quantity":1,"eventType":"BUY","productType":"ONE_TIME_BUY"}]}}"#
    )
  }

  @Test func notificationHistoryFiltersExternalPurchaseNotifications() throws {
    let world = try World.notifying(.sandbox)
    let start = world.store.clock.now
    _ = try world.buy("coins.100")
    try world.linkOut(type: .services)
    try world.advanceClock(by: TimeSpan(seconds: 3_600))
    func names(_ filter: String) throws -> [String] {
      let span = #""startDate":\#(start.milliseconds),"endDate":\#(world.store.clock.now.milliseconds + 1)"#
      let response = world.call("POST", "/inApps/v1/notifications/history", body: "{\(span)\(filter)}")
      let page = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
      let items = try #require(page["notificationHistory"] as? [[String: Any]])
      return try items.map { item in
        let signed = try #require(item["signedPayload"] as? String)
        let record = try #require(world.notifications.records.first { $0.signedPayload == signed })
        return record.name
      }
    }
    #expect(try names("").count == 3)
    #expect(
      try names(#","notificationType":"EXTERNAL_PURCHASE_TOKEN""#) == [
        "EXTERNAL_PURCHASE_TOKEN/CREATED", "EXTERNAL_PURCHASE_TOKEN/UNREPORTED",
      ])
    #expect(
      try names(#","notificationType":"EXTERNAL_PURCHASE_TOKEN","notificationSubtype":"UNREPORTED""#) == [
        "EXTERNAL_PURCHASE_TOKEN/UNREPORTED"
      ])
  }

  @Test func withoutANotificationURLNothingIsSentButTheTokenLives() throws {
    let world = try World.onDefaultCatalog()
    let token = try world.linkOut(type: .services)
    try world.advanceClock(by: TimeSpan(seconds: 7_200))
    #expect(world.notifications.records.isEmpty)
    #expect(world.externalPurchases.token(token.externalPurchaseId)?.unreportedSent == true)
  }

  @Test func aSavedWorldKeepsTokensReportsAndWhatIsStillOwed() throws {
    let world = try World.notifying(.sandbox)
    let reported = try world.linkOut(type: .services)
    let waiting = try world.linkOut(type: nil)
    #expect(reported.externalPurchaseId != waiting.externalPurchaseId)
    _ = world.report(
      #"{"requestIdentifier":"94d0d7fb-c393-4813-92eb-9614e7540f6d","externalPurchaseId":"\#(reported.externalPurchaseId)","status":"UNRECOGNIZED_TOKEN"}"#
    )
    let text = String(decoding: try WorldFile.encode(world), as: UTF8.self)
    let loaded = try World(
      restoring: WorldFile.decode(Array(text.utf8)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    #expect(loaded.externalPurchases.tokens == world.externalPurchases.tokens)
    #expect(loaded.externalPurchases.reports == world.externalPurchases.reports)
    loaded.notificationTransport = ScriptedTransport()
    try loaded.advanceClock(by: TimeSpan(seconds: 10 * 86_400))
    #expect(loaded.notificationNames(from: 1) == ["EXTERNAL_PURCHASE_TOKEN/UNREPORTED"])
    #expect(loaded.externalPurchases.token(waiting.externalPurchaseId)?.unreportedSent == true)

    let older = try World(
      restoring: WorldFile.decode(Array(try WorldFile.encode(World.onDefaultCatalog()))), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    #expect(older.externalPurchases.tokens.isEmpty)
  }
}
