import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Simulation
import Store
import Synchronization
import Testing
import Vocabulary

@testable import Server

/// The page on `serve` through the router: it answers only loopback names, updates with `304`
/// while nothing changed, ships its assets, and runs an action only with the page's token.
@Suite struct PageRouteTests {
  static let loopback: HTTPFields = [PageController.hostField: "127.0.0.1:8080"]

  private func token(in page: String) throws -> String {
    let marker = #"name="storebench-token" content=""#
    let start = try #require(page.range(of: marker)).upperBound
    return String(page[start...].prefix { $0 != "\"" })
  }

  @Test func thePageListsTheTransactionsAndDrawsTheTimeline() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let response = try await client.execute(uri: "/", method: .get, headers: Self.loopback)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
      // Not `no-referrer`: under it a browser posts a plain form with `Origin: null`.
      #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
      let page = String(buffer: response.body)
      #expect(page.contains(#"data-transaction-id="2000000000000001""#))
      #expect(page.contains(#"<svg xmlns="http://www.w3.org/2000/svg" class="tl""#))
      #expect(page.contains(#"data-action="refund""#))
      #expect(try token(in: page).count == 64)
    }
  }

  @Test(arguments: ["evil.example", "evil.example:8080", "127.0.0.2:8080"])
  func anotherNameIsRefused(_ host: String) async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      for uri in ["/", "/world", "/assets/app.js"] {
        let response = try await client.execute(
          uri: uri, method: .get, headers: [PageController.hostField: host])
        #expect(response.status == .misdirectedRequest, "\(uri) for \(host)")
      }
    }
  }

  @Test func theLivePartAnswers304WhileNothingChanged() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let first = try await client.execute(uri: "/world", method: .get, headers: Self.loopback)
      let tag = try #require(first.headers[.eTag])
      var headers = Self.loopback
      headers[.ifNoneMatch] = tag
      let again = try await client.execute(uri: "/world", method: .get, headers: headers)
      #expect(again.status == .notModified)
      await fixture.owner.withWorld { world in
        _ = try? world.advanceClock(by: TimeSpan(seconds: 86_400))
      }
      let changed = try await client.execute(uri: "/world", method: .get, headers: headers)
      #expect(changed.status == .ok)
      #expect(changed.headers[.eTag] != tag)
    }
  }

  @Test func theAssetsAreServed() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let script = try await client.execute(uri: "/assets/app.js", method: .get, headers: Self.loopback)
      #expect(script.status == .ok)
      #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(String(buffer: script.body).contains("/actions"))
      let style = try await client.execute(uri: "/assets/app.css", method: .get, headers: Self.loopback)
      #expect(style.headers[.contentType] == "text/css; charset=utf-8")
      let missing = try await client.execute(uri: "/assets/other.js", method: .get, headers: Self.loopback)
      #expect(missing.status == .notFound)
    }
  }

  @Test func anActionNeedsThePagesToken() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      var headers = Self.loopback
      headers[.accept] = "application/json"
      let refused = try await client.execute(
        uri: "/actions", method: .post, headers: headers,
        body: ByteBuffer(string: "action=billing-fix&token=nope"))
      #expect(refused.status == .forbidden)
      let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.loopback).body)
      let accepted = try await client.execute(
        uri: "/actions", method: .post, headers: headers,
        body: ByteBuffer(string: "action=billing-fix&token=\(try token(in: page))"))
      // The test's owner runs no commands: the token passed, the action could not run.
      #expect(accepted.status == .notImplemented)
      var foreign = headers
      foreign[.origin] = "http://evil.example"
      let crossSite = try await client.execute(
        uri: "/actions", method: .post, headers: foreign,
        body: ByteBuffer(string: "action=billing-fix&token=\(try token(in: page))"))
      #expect(crossSite.status == .forbidden)
    }
  }

  @Test func aRefusedActionIsA403ForEveryClientAndThePageSaysWhy() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let reason = "the page&#39;s token is missing or wrong: reload the page"
      for body in ["action=billing-fix&token=nope", "action=billing-fix", "token=&action=billing-fix"] {
        // A plain form (no script), from the page itself: the page again, saying why, with the
        // status the script gets.
        var form = Self.loopback
        form[.origin] = "http://127.0.0.1:8080"
        let plain = try await client.execute(
          uri: "/actions", method: .post, headers: form, body: ByteBuffer(string: body))
        #expect(plain.status == .forbidden, "\(body)")
        #expect(plain.headers[.location] == nil)
        #expect(plain.headers[.contentType] == "text/html; charset=utf-8")
        let page = String(buffer: plain.body)
        #expect(
          page.contains(#"<p id="status" role="status" aria-live="polite" data-result="failed">"# + reason))
        #expect(try token(in: page).count == 64)
        // The page's script: JSON.
        var headers = Self.loopback
        headers[.accept] = "application/json"
        let scripted = try await client.execute(
          uri: "/actions", method: .post, headers: headers, body: ByteBuffer(string: body))
        #expect(scripted.status == .forbidden)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: scripted.body)) as? [String: Any]
        #expect(json?["ok"] as? Bool == false)
        #expect(json?["message"] as? String == "the page's token is missing or wrong: reload the page")
      }
      // The token passed, but this owner runs no commands: the page says so, with the same 501.
      let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.loopback).body)
      #expect(page.contains(#"data-result="">Actions run as the commands they mirror"#))
      let unrun = try await client.execute(
        uri: "/actions", method: .post, headers: Self.loopback,
        body: ByteBuffer(string: "action=billing-fix&token=\(try token(in: page))"))
      #expect(unrun.status == .notImplemented)
      #expect(String(buffer: unrun.body).contains(#"data-result="failed">this server runs no commands</p>"#))
    }
  }

  @Test func aFailedCommandFromAPlainFormShowsItsErrorOnThePage() async throws {
    let runner = RecordingRunner(try ServerFixture(), failing: "#9 is not <a> transaction")
    try await Application(router: buildRouter(world: runner)).test(.router) { client in
      let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.loopback).body)
      let response = try await client.execute(
        uri: "/actions", method: .post, headers: Self.loopback,
        body: ByteBuffer(string: "token=\(try token(in: page))&action=approve&handle=%239"))
      #expect(response.status == .ok)
      #expect(
        String(buffer: response.body).contains(
          #"data-result="failed">approve: #9 is not &lt;a&gt; transaction</p>"#))
    }
  }

  @Test func aFailedCommandAnswersItsCodeWithTheStatusItMapsTo() async throws {
    let cases: [(ErrorCode, HTTPResponse.Status)] = [
      (.unknownTransaction, .notFound), (.unknownProduct, .notFound), (.notFound, .notFound),
      (.refundRefused, .conflict), (.conflict, .conflict), (.invalidValue, .ok),
      (ErrorCode("command_failed"), .ok),
    ]
    for (code, status) in cases {
      let runner = RecordingRunner(try ServerFixture(), failing: "no transaction #9", code: code)
      try await Application(router: buildRouter(world: runner)).test(.router) { client in
        let page = String(
          buffer: try await client.execute(uri: "/", method: .get, headers: Self.loopback).body)
        var headers = Self.loopback
        headers[.accept] = "application/json"
        let response = try await client.execute(
          uri: "/actions", method: .post, headers: headers,
          body: ByteBuffer(string: "token=\(try token(in: page))&action=approve&handle=%239"))
        #expect(response.status == status, "\(code)")
        let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        #expect(json?["ok"] as? Bool == false)
        #expect(json?["code"] as? String == code.rawValue)
      }
    }
  }

  @Test func anActionReachesTheRunnerWithItsFields() async throws {
    let runner = RecordingRunner(try ServerFixture())
    let router = buildRouter(world: runner)
    try await Application(router: router).test(.router) { client in
      let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.loopback).body)
      var headers = Self.loopback
      headers[.accept] = "application/json"
      let response = try await client.execute(
        uri: "/actions", method: .post, headers: headers,
        body: ByteBuffer(
          string: "token=\(try token(in: page))&action=refund&transaction=2000000000000001&reason=app-issue"))
      #expect(response.status == .ok)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
      #expect(json?["ok"] as? Bool == true)
      #expect(json?["line"] as? String == "refund")
      let plain = try await client.execute(
        uri: "/actions", method: .post, headers: Self.loopback,
        body: ByteBuffer(string: "token=\(try token(in: page))&action=billing-fix"))
      #expect(plain.status == .seeOther)
      #expect(plain.headers[.location] == "/")
    }
    let actions = runner.actions.withLock { $0 }
    #expect(
      actions.first
        == PageAction(name: "refund", fields: ["transaction": "2000000000000001", "reason": "app-issue"]))
    #expect(actions.count == 2)
  }
}

/// A world owner that keeps the actions it is asked to run, and says they succeeded or failed.
private final class RecordingRunner: PageActionRunner {
  let owner: TestWorldOwner
  let actions = Mutex<[PageAction]>([])
  let failure: String?
  let code: ErrorCode?

  init(_ fixture: ServerFixture, failing failure: String? = nil, code: ErrorCode? = nil) {
    owner = fixture.owner
    self.failure = failure
    self.code = code
  }

  func withWorld<T: Sendable>(_ body: @Sendable (World) throws -> T) async rethrows -> T {
    try await owner.withWorld(body)
  }

  func perform(_ action: PageAction) async -> PageActionResult {
    actions.withLock { $0.append(action) }
    return PageActionResult(
      commandLine: action.name, succeeded: failure == nil, message: failure ?? "done", code: code)
  }
}
