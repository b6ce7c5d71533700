import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

@Suite struct ServerFaultTests {
  let world: World
  let id = "2000000000000001"

  init() throws {
    world = try World.onDefaultCatalog()
    _ = try world.charge("level.pack")
  }

  private var info: APIResponse { world.call("GET", "/inApps/v1/transactions/\(id)") }

  @Test func rateLimitAnswers429WithRetryAfterInEpochMilliseconds() throws {
    world.serverAPI.set(ServerFault(endpoint: "transaction-info", kind: .rateLimit(windowMilliseconds: 1000)))
    let limited = info
    #expect(try errorCode(limited) == 4_290_000)
    let now = Int64(world.store.clock.now.timeIntervalSince1970 * 1000)
    #expect(limited.headers.first { $0.name == "Retry-After" }?.value == String(now + 1000))
    #expect(world.call("GET", "/inApps/v2/history/\(id)").status == 200)  // other endpoints answer
    world.serverAPI.clearFaults()
    #expect(info.status == 200)
  }

  @Test func errorAnswers500RetryableOrNot() throws {
    world.serverAPI.set(ServerFault(endpoint: "all", kind: .error(retryable: false)))
    #expect(try errorCode(info) == 5_000_000)
    #expect(try errorCode(world.call("GET", "/inApps/v1/subscriptions/\(id)")) == 5_000_000)
    world.serverAPI.set(ServerFault(endpoint: "all", kind: .error(retryable: true)))
    #expect(world.serverAPI.faults.count == 1)  // the same kind on the same endpoint is replaced
    #expect(try errorCode(info) == 5_000_001)
  }

  @Test func notFoundYoungerHidesFreshTransactionsUntilTheyAge() throws {
    world.serverAPI.set(
      ServerFault(endpoint: "transaction-info", kind: .notFoundYounger(TimeSpan(seconds: 300))))
    #expect(try errorCode(info) == 4_040_010)
    #expect(world.call("GET", "/inApps/v2/history/\(id)").status == 200)
    try world.advanceClock(by: TimeSpan(seconds: 299))
    #expect(try errorCode(info) == 4_040_010)
    try world.advanceClock(by: TimeSpan(seconds: 1))
    #expect(info.status == 200)
    let fresh = try world.charge("maps.hd")
    #expect(try errorCode(world.call("GET", "/inApps/v1/transactions/\(fresh.transactionId)")) == 4_040_010)
  }

  @Test func delayHoldsTheAnswerBack() throws {
    world.serverAPI.set(ServerFault(endpoint: "history", kind: .delay(milliseconds: 250)))
    #expect(info.delay == nil)
    let delayed = world.call("GET", "/inApps/v2/history/\(id)")
    #expect(delayed.status == 200 && delayed.delay == .milliseconds(250))
    world.serverAPI.set(ServerFault(endpoint: "history", kind: .error(retryable: false)))
    let both = world.call("GET", "/inApps/v2/history/\(id)")
    #expect(both.status == 500 && both.delay == .milliseconds(250))
  }

  @Test func notificationEndpointsCanBeFaultedByName() throws {
    world.serverAPI.set(
      ServerFault(endpoint: "test-notification", kind: .rateLimit(windowMilliseconds: 5000)))
    #expect(try errorCode(world.call("POST", "/inApps/v1/notifications/test")) == 4_290_000)
    #expect(
      AppStoreServerAPI.endpointName(
        for: APIRequest(method: "POST", path: "/inApps/v1/notifications/history"))
        == "notification-history")
    #expect(
      AppStoreServerAPI.endpointName(
        for: APIRequest(method: "GET", path: "/inApps/v1/notifications/test/abc"))
        == "test-notification-status")
  }

  @Test func verifyReceiptAnswersAChosenStatusOrTheSharedFaults() throws {
    world.refreshReceipt(of: world.device)
    let body = Array(
      #"{"receipt-data":"\#(Data(try world.signedReceipt(of: world.device)).base64EncodedString())"}"#.utf8)
    let answer = { VerifyReceiptEndpoint.respond(toBody: body, face: .sandbox, in: self.world) }
    world.serverAPI.set(ServerFault(endpoint: "verify-receipt", kind: .status(21_005)))
    #expect(answer().status == 200 && String(decoding: answer().body, as: UTF8.self) == #"{"status":21005}"#)
    world.serverAPI.set(ServerFault(endpoint: "verify-receipt", kind: .status(21_199)))
    #expect(String(decoding: answer().body, as: UTF8.self) == #"{"status":21199}"#)
    #expect(info.status == 200)  // an API endpoint is untouched
    world.serverAPI.clearFaults()
    #expect(try JSONDecoder().decode(ResponseBody.self, from: Data(answer().body)).status == 0)
    world.serverAPI.clearFaults()
    world.serverAPI.set(ServerFault(endpoint: "all", kind: .rateLimit(windowMilliseconds: 1000)))
    #expect(answer().status == 429)
    world.serverAPI.clearFaults()
    world.serverAPI.set(ServerFault(endpoint: "verify-receipt", kind: .delay(milliseconds: 40)))
    #expect(answer().status == 200 && answer().delay == .milliseconds(40))
  }

  @Test func faultsListAsTheCommandShowsThem() {
    world.serverAPI.set(ServerFault(endpoint: "history", kind: .rateLimit(windowMilliseconds: 1000)))
    world.serverAPI.set(ServerFault(endpoint: "all", kind: .error(retryable: true)))
    world.serverAPI.set(ServerFault(endpoint: "finish", kind: .notFoundYounger(TimeSpan(seconds: 300))))
    #expect(
      world.serverAPI.faults.map(\.description) == [
        "history rate-limit 1000ms", "all error --retryable", "finish not-found-younger 5m",
      ])
    #expect(ServerFault.endpointNames == AppStoreServerAPI.routes.map(\.name) + ["verify-receipt", "all"])
    #expect(Set(AppStoreServerAPI.endpointNames).count == AppStoreServerAPI.routes.count, "names are unique")
  }

  @Test(arguments: AppStoreServerAPI.routes.map(\.name))
  func aTrailingSlashReachesTheSameEndpointWithItsFaults(endpoint: String) throws {
    let route = try #require(AppStoreServerAPI.routes.first { $0.name == endpoint })
    let path = route.pattern.map { segment in
      switch segment {
      case .literal(let word): "/" + word
      case .parameter: "/" + id
      }
    }.joined()
    // Each on a world of its own, as the answer may change the world.
    let answers = try [path, path + "/"].map { path in
      let world = try World.onDefaultCatalog()
      _ = try world.charge("level.pack")
      let request = APIRequest(method: route.method, path: path, body: Array("{}".utf8))
      #expect(AppStoreServerAPI.endpointName(for: request) == endpoint, "\(path)")
      world.serverAPI.set(ServerFault(endpoint: endpoint, kind: .error(retryable: true)))
      #expect(try errorCode(AppStoreServerAPI.respond(to: request, in: world)) == 5_000_001, "\(path)")
      world.serverAPI.clearFaults()
      let answer = AppStoreServerAPI.respond(to: request, in: world)
      return answer.status == 200 ? "200" : String(decoding: answer.body, as: UTF8.self)
    }
    #expect(answers[0] == answers[1], "the same endpoint answers")
  }
}
