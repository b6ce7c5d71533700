import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Simulation
import Synchronization
import Testing
import Vocabulary

@testable import Server

/// The control API (`/control/v1/`) through the router: the token, loopback names, malformed
/// requests, each action and command reaching the world's owner, the statuses failures map to, and
/// the reads.
@Suite struct ControlRouteTests {
  static let token = "control-test-token"

  /// Loopback, with the control token.
  static let headers: HTTPFields = [
    PageController.hostField: "127.0.0.1:8080", .authorization: "Bearer \(token)",
    .contentType: "application/json",
  ]

  private func router(_ runner: some WorldAccess) -> Router<BasicRequestContext> {
    buildRouter(world: runner, options: ServerOptions(controlToken: Self.token))
  }

  private func json(_ response: TestResponse) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
      "\(String(buffer: response.body))")
  }

  private func error(_ response: TestResponse) throws -> [String: Any] {
    try #require(try json(response)["error"] as? [String: Any], "\(String(buffer: response.body))")
  }

  @Test func aCommandLineRunsAndAnswersWhatItPrinted() async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      let response = try await client.execute(
        uri: "/control/v1/command", method: .post, headers: Self.headers,
        body: ByteBuffer(string: #"{"line":"advance-clock 1d"}"#))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json")
      let answer = try json(response)
      #expect(answer["line"] as? String == "advance-clock 1d")
      #expect(answer["ok"] as? Bool == true)
      #expect(answer["output"] as? [String] == ["ran advance-clock 1d"])
      #expect(answer["error"] == nil)
    }
    #expect(runner.requests.withLock { $0 } == [.line("advance-clock 1d")])
  }

  /// Each action of the control API reaches the owner by name with its fields, as the page's do.
  static let actions: [(String, String)] = [
    ("approve", ##"{"handle":"#1"}"##), ("decline", ##"{"handle":"#1"}"##),
    ("fail-next", #"{"error":"paymentCancelled"}"#),
    ("refund", #"{"transaction":"2000000000000001","reason":"other"}"#),
    ("expire", #"{"product":"pro.monthly"}"#), ("billing-retry", #"{"setting":"on"}"#),
    ("grace-period", #"{"setting":"on","days":"16d"}"#),
    ("price-increase", #"{"product":"pro.monthly","price":"5.99"}"#), ("advance-clock", #"{"step":"1mo"}"#),
    ("redeem", #"{"code":"SPRING"}"#), ("promote", #"{"product":"pro.monthly"}"#),
  ]

  @Test(arguments: actions)
  func anActionReachesTheOwnerWithItsFields(_ name: String, _ body: String) async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      let response = try await client.execute(
        uri: "/control/v1/actions/\(name)", method: .post, headers: Self.headers,
        body: ByteBuffer(string: body))
      #expect(response.status == .ok)
      #expect(try json(response)["ok"] as? Bool == true)
    }
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
    #expect(runner.requests.withLock { $0 } == [.action(PageAction(name: name, fields: fields))])
  }

  @Test func aFailedCommandAnswersItsCodeWithTheStatusItMapsTo() async throws {
    let cases: [(ErrorCode, HTTPResponse.Status)] = [
      (.unknownTransaction, .notFound), (.unknownProduct, .notFound), (.notFound, .notFound),
      (.refundRefused, .conflict), (.conflict, .conflict), (.invalidValue, .badRequest),
      (ErrorCode("unknown_command"), .badRequest),
    ]
    for (code, status) in cases {
      let runner = RecordingControlRunner(try ServerFixture(), failing: "no transaction #9", code: code)
      try await Application(router: router(runner)).test(.router) { client in
        let response = try await client.execute(
          uri: "/control/v1/command", method: .post, headers: Self.headers,
          body: ByteBuffer(string: #"{"line":"approve #9"}"#))
        #expect(response.status == status, "\(code)")
        #expect(try json(response)["ok"] as? Bool == false)
        #expect(try error(response)["code"] as? String == code.rawValue)
        #expect(try error(response)["message"] as? String == "no transaction #9")
      }
    }
  }

  @Test func anActionRefusedBeforeRunningIsA400() async throws {
    let runner = RecordingControlRunner(try ServerFixture(), refusing: "no page action named quit")
    try await Application(router: router(runner)).test(.router) { client in
      let response = try await client.execute(
        uri: "/control/v1/actions/quit", method: .post, headers: Self.headers, body: ByteBuffer(string: "{}"))
      #expect(response.status == .badRequest)
      let answer = try json(response)
      #expect(answer["line"] == nil)
      #expect(try error(response)["message"] as? String == "no page action named quit")
    }
  }

  /// `Authorization` fields, and what the 401 says of each (`nil`: no 401).
  static let authorizations: [(String?, String?)] = [
    (nil, "the control token is missing"), ("Bearer wrong", "the control token is wrong"),
    ("Basic \(token)", "must be Bearer TOKEN"), ("Bearer \(token)x", "the control token is wrong"),
    ("bearer \(token)", nil),
  ]

  @Test(arguments: authorizations)
  func aMissingOrWrongTokenIsA401SayingWhat(_ authorization: String?, _ reason: String?) async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      var headers = Self.headers
      headers[.authorization] = authorization
      for (uri, method) in [
        ("/control/v1/command", HTTPRequest.Method.post), ("/control/v1/transactions", .get),
      ] {
        let response = try await client.execute(
          uri: uri, method: method, headers: headers, body: ByteBuffer(string: #"{"line":"quit"}"#))
        guard let reason else {
          // The scheme's name is case-insensitive (RFC 9110).
          #expect(response.status != .unauthorized, "\(uri)")
          continue
        }
        #expect(response.status == .unauthorized, "\(uri)")
        #expect(try error(response)["code"] as? String == "not_allowed")
        let message = try #require(try error(response)["message"] as? String)
        #expect(message.contains(reason), "\(message)")
      }
      // The server keeps serving: the right token passes afterwards.
      let passed = try await client.execute(
        uri: "/control/v1/transactions", method: .get, headers: Self.headers)
      #expect(passed.status == .ok)
    }
    #expect(runner.requests.withLock { $0 }.count == (reason == nil ? 1 : 0))
  }

  @Test(arguments: ["evil.example", "evil.example:8080", "127.0.0.2:8080"])
  func aForeignHostIsRefused(_ host: String) async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      var headers = Self.headers
      headers[PageController.hostField] = host
      let response = try await client.execute(
        uri: "/control/v1/command", method: .post, headers: headers,
        body: ByteBuffer(string: #"{"line":"quit"}"#))
      #expect(response.status == .misdirectedRequest)
      #expect(
        try error(response)["message"] as? String
          == "the control API answers requests to 127.0.0.1 or localhost only")
    }
    #expect(runner.requests.withLock { $0 }.isEmpty)
  }

  @Test(arguments: [
    ("/control/v1/command", "not json", "/control/v1/command: the body is not JSON"),
    ("/control/v1/command", #"["advance-clock 1d"]"#, "/control/v1/command: the body must be a JSON object"),
    ("/control/v1/command", #"{"line":3}"#, "command: the field line must be a string, one command line"),
    ("/control/v1/command", #"{}"#, "command: the field line must be a string, one command line"),
    ("/control/v1/actions/approve", #"{"handle":1}"#, "the field handle must be a string"),
    ("/control/v1/actions/approve", "", "/control/v1/actions/approve: the body is not JSON"),
  ])
  func aMalformedRequestIsA400NamingWhatIsWrong(_ uri: String, _ body: String, _ message: String) async throws
  {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      let response = try await client.execute(
        uri: uri, method: .post, headers: Self.headers, body: ByteBuffer(string: body))
      #expect(response.status == .badRequest)
      #expect(try error(response)["code"] as? String == "invalid_value")
      #expect(try error(response)["message"] as? String == message)
      let after = try await client.execute(uri: "/control/v1/waiting", method: .get, headers: Self.headers)
      #expect(after.status == .ok)
    }
    #expect(runner.requests.withLock { $0 }.isEmpty)
  }

  @Test func anUnknownControlPathIsA404() async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      let response = try await client.execute(uri: "/control/v1/nothing", method: .get, headers: Self.headers)
      #expect(response.status == .notFound)
      #expect(try error(response)["message"] as? String == "no control request GET /control/v1/nothing")
    }
  }

  @Test func aWorldThatRunsNoCommandsSaysSo() async throws {
    let fixture = try ServerFixture()
    try await Application(router: router(fixture.owner)).test(.router) { client in
      let response = try await client.execute(
        uri: "/control/v1/command", method: .post, headers: Self.headers,
        body: ByteBuffer(string: #"{"line":"advance-clock 1d"}"#))
      #expect(response.status == .notImplemented)
    }
  }

  @Test func theReadsAnswerTheWorldAsJSON() async throws {
    let runner = RecordingControlRunner(try ServerFixture())
    try await Application(router: router(runner)).test(.router) { client in
      let transactions = try json(
        try await client.execute(uri: "/control/v1/transactions", method: .get, headers: Self.headers))
      let accounts = try #require(transactions["accounts"] as? [[String: Any]])
      let first = try #require(accounts.first?["transactions"] as? [[String: Any]])
      #expect(first.first?["id"] as? String == "2000000000000001")
      #expect(first.first?["productId"] as? String == "level.pack")
      #expect(accounts.first?["subscriptions"] == nil)
      #expect(transactions["clock"] as? String != nil)
      let subscriptions = try json(
        try await client.execute(uri: "/control/v1/subscriptions", method: .get, headers: Self.headers))
      let subscribed = try #require(subscriptions["accounts"] as? [[String: Any]])
      #expect(subscribed.first?["subscriptions"] as? [Any] != nil)
      #expect(subscribed.first?["transactions"] == nil)
      let waiting = try json(
        try await client.execute(uri: "/control/v1/waiting", method: .get, headers: Self.headers))
      #expect(waiting["waiting"] as? [Any] != nil)
      let notifications = try json(
        try await client.execute(uri: "/control/v1/notifications", method: .get, headers: Self.headers))
      #expect(notifications["notifications"] as? [Any] != nil)
      let entitlements = try await client.execute(
        uri: "/control/v1/entitlements", method: .get, headers: Self.headers)
      #expect(try json(entitlements)["line"] as? String == "entitlements")
    }
    #expect(runner.requests.withLock { $0 } == [.line("entitlements")])
  }
}

/// A world owner that keeps the control requests it is asked to run, and says they succeeded,
/// failed or were refused.
private final class RecordingControlRunner: ControlRunner {
  enum Request: Equatable {
    case line(String)
    case action(PageAction)
  }

  let owner: TestWorldOwner
  let requests = Mutex<[Request]>([])
  let failure: String?
  let code: ErrorCode?
  let refusal: String?

  init(
    _ fixture: ServerFixture, failing failure: String? = nil, code: ErrorCode? = nil,
    refusing refusal: String? = nil
  ) {
    owner = fixture.owner
    self.failure = failure
    self.code = code
    self.refusal = refusal
  }

  func withWorld<T: Sendable>(_ body: @Sendable (World) throws -> T) async rethrows -> T {
    try await owner.withWorld(body)
  }

  func control(_ action: PageAction) async -> ControlResult {
    if let refusal {
      return ControlResult(commandLine: nil, succeeded: false, error: refusal, code: .invalidValue)
    }
    requests.withLock { $0.append(.action(action)) }
    return answer(action.name)
  }

  func control(line: String) async -> ControlResult {
    requests.withLock { $0.append(.line(line)) }
    return answer(line)
  }

  private func answer(_ line: String) -> ControlResult {
    ControlResult(
      commandLine: line, succeeded: failure == nil, output: failure == nil ? ["ran \(line)"] : [],
      error: failure, code: code)
  }
}
