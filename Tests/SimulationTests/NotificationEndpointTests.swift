import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// Request a Test Notification, Get Test Notification Status and Get Notification History (#13–#15).
@Suite struct NotificationEndpointTests {
  private static let testPath = "/inApps/v1/notifications/test"
  private static let historyPath = "/inApps/v1/notifications/history"

  private func json(_ response: APIResponse?) throws -> [String: Any] {
    let response = try #require(response)
    return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  private func errorCode(_ response: APIResponse?) throws -> Int? {
    try json(response)["errorCode"] as? Int
  }

  private func history(
    _ body: String, token: String? = nil, in world: World
  ) -> APIResponse? {
    AppStoreServerAPI.respond(
      to: APIRequest(
        method: "POST", path: Self.historyPath, query: token.map { [.init("paginationToken", $0)] } ?? [],
        body: Array(body.utf8)),
      in: world)
  }

  private func span(_ world: World, from start: Date? = nil) -> String {
    let now = world.store.clock.now
    let from = (start ?? now.addingTimeInterval(-86_400)).milliseconds
    return #""startDate":\#(from),"endDate":\#(now.addingTimeInterval(1).milliseconds)"#
  }

  @Test func theirPathsAnswerOtherMethodsWith405() throws {
    let world = try World.notifying()
    for path in [Self.testPath, Self.historyPath, "\(Self.testPath)/x"] {
      #expect(AppStoreServerAPI.respond(to: APIRequest(method: "PUT", path: path), in: world).status == 405)
    }
  }

  @Test func aTestNotificationIsDeliveredBeforeTheAnswerAndItsStatusReadsBack() throws {
    let transport = ScriptedTransport()
    let world = try World.notifying(transport: transport)
    let answer = AppStoreServerAPI.respond(to: APIRequest(method: "POST", path: Self.testPath), in: world)
    #expect(answer.status == 200)
    #expect(answer.headers.first?.value == "application/json")
    let token = try #require(try json(answer)["testNotificationToken"] as? String)
    #expect(transport.posts.count == 1)
    let record = try #require(world.notifications.records.first)
    #expect(token == "\(record.notificationUUID)_\(world.store.clock.now.milliseconds)")
    let checked = try world.check(record)
    #expect(checked.name == "TEST")
    #expect(checked.payload.data.environment == "Sandbox" && checked.payload.data.bundleVersion == nil)
    #expect(checked.payload.data.signedTransactionInfo == nil)
    #expect(!record.payloadJSON.contains("bundleVersion"))
    let status = try json(
      AppStoreServerAPI.respond(
        to: APIRequest(method: "GET", path: "\(Self.testPath)/\(token)"), in: world))
    #expect(status["signedPayload"] as? String == record.signedPayload)
    let attempts = try #require(status["sendAttempts"] as? [[String: Any]])
    #expect(attempts.count == 1)
    #expect(attempts.first?["sendAttemptResult"] as? String == "SUCCESS")
    #expect(attempts.first?["attemptDate"] as? Int64 == world.store.clock.now.milliseconds)
  }

  @Test func testNotificationErrors() throws {
    let world = try World.notifying(.production)
    world.environment = .sandbox
    #expect(
      try errorCode(
        AppStoreServerAPI.respond(to: APIRequest(method: "POST", path: Self.testPath), in: world))
        == 4_040_007)
    for token in ["nope", "12345", "\(UUID().uuidString)_12", "\(UUID().uuidString.lowercased())_x", "_1"] {
      let answer = AppStoreServerAPI.respond(
        to: APIRequest(method: "GET", path: "\(Self.testPath)/\(token)"), in: world)
      #expect(try errorCode(answer) == 4_000_020, "\(token)")
    }
    let unknown = "\(UUID().uuidString.lowercased())_1767225600000"
    #expect(
      try errorCode(
        AppStoreServerAPI.respond(
          to: APIRequest(method: "GET", path: "\(Self.testPath)/\(unknown)"), in: world))
        == 4_040_008)
  }

  @Test func historyPagesTwentyAtATimeWithTheSameBody() throws {
    let world = try World.notifying()
    for _ in 0..<45 { _ = try world.buy("coins.100") }
    let body = "{\(span(world))}"
    var signed: [String] = []
    var token: String?
    var pages = 0
    repeat {
      let page = try json(history(body, token: token, in: world))
      let items = try #require(page["notificationHistory"] as? [[String: Any]])
      signed += items.compactMap { $0["signedPayload"] as? String }
      #expect(items.allSatisfy { ($0["sendAttempts"] as? [Any])?.count == 1 })
      token = page["paginationToken"] as? String
      pages += 1
      #expect(items.count == (pages < 3 ? 20 : 5))
      if page["hasMore"] as? Bool != true { break }
    } while pages < 5
    #expect(pages == 3)
    #expect(signed == world.notifications.records.map(\.signedPayload))
    let other = "{\(span(world)),\"onlyFailures\":true}"
    #expect(try errorCode(history(other, token: token, in: world)) == 4_000_014)
    #expect(try errorCode(history(body, token: "zz", in: world)) == 4_000_014)
  }

  @Test func historyFiltersByTypeSubtypeCustomerFailuresAndSpan() throws {
    let transport = ScriptedTransport(results: [.success, .tlsIssue])
    let world = try World.notifying(transport: transport)
    let coins = try world.number(world.buy("coins.100"))
    let sub = try world.number(world.buy("pro.monthly"))
    try world.store.addAccount(named: "other")
    world.device.queue.signIn(try #require(world.store.account(named: "other")))
    _ = try world.buy("level.pack")
    func count(_ filter: String) throws -> Int {
      try #require(try json(history("{\(span(world))\(filter)}", in: world))["notificationHistory"] as? [Any])
        .count
    }
    #expect(try count("") == 3)
    #expect(try count(#","notificationType":"SUBSCRIBED""#) == 1)
    #expect(try count(#","notificationType":"SUBSCRIBED","notificationSubtype":"RESUBSCRIBE""#) == 0)
    #expect(try count(#","notificationType":"SUBSCRIBED","notificationSubtype":"INITIAL_BUY""#) == 1)
    #expect(try count(#","transactionId":"\#(coins)""#) == 2)
    #expect(try count(#","transactionId":"\#(sub)""#) == 2)
    #expect(try count(#","transactionId":"9999""#) == 0)
    #expect(try count(#","onlyFailures":true"#) == 1)
    let later = try #require(world.notifications.records.last?.createdDate)
    world.store.moveClock(forwardTo: later.addingTimeInterval(3600))
    #expect(try count("") == 3)
    let answer = try json(history("{\(span(world, from: later.addingTimeInterval(1)))}", in: world))
    #expect((answer["notificationHistory"] as? [Any])?.count == 0)
    #expect(answer["hasMore"] as? Bool == false)
  }

  @Test func historyShowsRecordsAsSentNotAsTheyAreNow() throws {
    let world = try World.notifying()
    let sub = try world.number(world.buy("pro.monthly"))
    try world.store.refund(transactionNumber: sub, reason: .other, account: world.device.queue.account!)
    let page = try json(history("{\(span(world))}", in: world))
    let items = try #require(page["notificationHistory"] as? [[String: Any]])
    let first = try #require(world.notifications.records.first)
    #expect(items.first?["signedPayload"] as? String == first.signedPayload)
    #expect(try world.check(first).payload.data.status == 1)
  }

  @Test func historyErrors() throws {
    let world = try World.notifying()
    _ = try world.buy("coins.100")
    let now = world.store.clock.now.milliseconds
    let cases: [(String, Int)] = [
      ("not json", 4_000_000),
      ("[1]", 4_000_000),
      (#"{"endDate":\#(now)}"#, 4_000_015),
      (#"{"startDate":"yesterday","endDate":\#(now)}"#, 4_000_015),
      (#"{"startDate":\#(now - 1000)}"#, 4_000_016),
      (#"{"startDate":\#(now - 1000),"endDate":true}"#, 4_000_016),
      (#"{"startDate":\#(now),"endDate":\#(now)}"#, 4_000_013),
      (#"{"startDate":\#(now),"endDate":\#(now - 1)}"#, 4_000_013),
      (#"{"startDate":\#(now - 181 * 86_400_000),"endDate":\#(now)}"#, 4_000_012),
      (#"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationType":"NOPE"}"#, 4_000_018),
      (
        #"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationType":"EXPIRED","notificationSubtype":"UPGRADE"}"#,
        4_000_018
      ),
      (#"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationSubtype":"VOLUNTARY"}"#, 4_000_018),
      (
        #"{"startDate":\#(now - 1000),"endDate":\#(now),"notificationType":"REFUND","transactionId":"1"}"#,
        4_000_019
      ),
      (#"{"startDate":\#(now - 1000),"endDate":\#(now),"transactionId":"12a"}"#, 4_000_006),
      (#"{"startDate":\#(now - 1000),"endDate":\#(now),"transactionId":12}"#, 4_000_006),
    ]
    for (body, code) in cases {
      #expect(try errorCode(history(body, in: world)) == code, "\(body)")
      #expect(history(body, in: world)?.status == code / 10_000)
    }
    let start = now - 179 * 86_400_000
    #expect(history(#"{"startDate":\#(start),"endDate":\#(now + 1)}"#, in: world)?.status == 200)
  }
}
