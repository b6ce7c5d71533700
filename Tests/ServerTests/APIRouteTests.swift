import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Simulation
import Store
import Synchronization
import Testing

@testable import Server

@Suite struct APIRouteTests {
  @Test func repeatedQueryKeysReachTheRequestInOrder() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let echo: @Sendable (APIRequest, World) -> APIResponse = { request, _ in
      .json(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
    }
    try await fixture.test(api: echo) { client in
      let response = try await client.execute(
        uri:
          "/inApps/v2/history/1?productType=AUTO_RENEWABLE&revoked=True&productType=CONSUMABLE&productId=a%2Eb+c",
        method: .get, headers: .bearer(token))
      #expect(
        response.text == "productType=AUTO_RENEWABLE|revoked=True|productType=CONSUMABLE|productId=a.b c")
      let trailing = try await client.execute(
        uri: "/inApps/v1/transactions/1?", method: .get, headers: .bearer(token))
      #expect(trailing.status == .ok)
      #expect(trailing.text == "")
    }
  }

  @Test func anAppTransactionIdGetsTheHistoryOverHTTPAnd4000048FromGetTransactionInfo() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let id = String(Store.firstAppTransactionNumber)  // the served world's one account, default
    try await fixture.test { client in
      let history = try await client.execute(
        uri: "/inApps/v2/history/\(id)", method: .get, headers: .bearer(token))
      #expect(history.status == .ok && history.text.contains(#""signedTransactions":["ey"#))
      let info = try await client.execute(
        uri: "/inApps/v1/transactions/\(id)", method: .get, headers: .bearer(token))
      #expect(info.status == .badRequest)
      #expect(info.headers[.contentType] == "application/json")
      #expect(
        info.text
          == #"{"errorCode":4000048,"errorMessage":"Invalid request. App transactions aren't supported by this endpoint."}"#
      )
    }
  }

  @Test func methodPathAndBodyReachTheRequest() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let echo: @Sendable (APIRequest, World) -> APIResponse = { request, _ in
      APIResponse(status: 202, body: Array("\(request.method) \(request.path) ".utf8) + request.body)
    }
    try await fixture.test(api: echo) { client in
      let response = try await client.execute(
        uri: "/inApps/v1/transactions/consumption/7", method: .put, headers: .bearer(token),
        body: ByteBuffer(string: #"{"a":1}"#))
      #expect(response.status == .accepted)
      #expect(response.text == #"PUT /inApps/v1/transactions/consumption/7 {"a":1}"#)
    }
  }

  @Test func aTrailingSlashReachesTheAPIAsSent() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let echo: @Sendable (APIRequest, World) -> APIResponse = { request, _ in
      APIResponse(status: 200, body: Array(request.path.utf8))
    }
    try await fixture.test(api: echo) { client in
      for path in ["/inApps/v1/transactions/1/", "/inApps/v1/notifications/history/"] {
        let response = try await client.execute(uri: path, method: .get, headers: .bearer(token))
        #expect(response.status == .ok && response.text == path)
      }
    }
  }

  @Test func delayIsWaitedOutsideTheOwner() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let slowOrFast: @Sendable (APIRequest, World) -> APIResponse = { request, _ in
      var answer = APIResponse.json(#"{"path":"\#(request.path)"}"#)
      if request.path.hasSuffix("slow") { answer.delay = .seconds(60) }
      return answer
    }
    try await fixture.test(api: slowOrFast) { client in
      let slowFinished = Atomic<Bool>(false)
      let slow = Task {
        _ = try await client.execute(uri: "/inApps/slow", method: .get, headers: .bearer(token))
        slowFinished.store(true, ordering: .sequentiallyConsistent)
      }
      try await Task.sleep(for: .milliseconds(100))
      // Neither the next request nor the world waits for the delayed answer.
      let fast = try await client.execute(uri: "/inApps/fast", method: .get, headers: .bearer(token))
      #expect(fast.text == #"{"path":"/inApps/fast"}"#)
      _ = try await fixture.owner.withWorld { $0.apiKeys.keys.count }
      let finished = slowFinished.load(ordering: .sequentiallyConsistent)
      #expect(!finished)
      slow.cancel()
      _ = await slow.result
    }
  }

  @Test func liveServerAnswersOnARealSocket() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    let app = Application(
      router: fixture.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let unauthorized = try await client.execute(uri: "/inApps/v1/transactions/1", method: .get)
      #expect(unauthorized.status == .unauthorized)
      let authorized = try await client.execute(uri: "/inApps/v1/x", method: .get, headers: .bearer(token))
      #expect(authorized.status == .notFound)
      let body = ByteBuffer(string: #"{"receipt-data":"\#(fixture.receipt)"}"#)
      let verified = try await client.execute(uri: "/sandbox/verifyReceipt", method: .post, body: body)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: verified.body)) as? [String: Any]
      #expect(json?["status"] as? Int == 0)
    }
  }
}

@Suite struct QueryDecoderTests {
  @Test func keepsOrderRepeatsAndDecodes() {
    let items = QueryDecoder.items(of: "a=1&b=%41%zz&a=2&c&d=&e=x+y%2By")
    #expect(items.map(\.name) == ["a", "b", "a", "c", "d", "e"])
    #expect(items.map(\.value) == ["1", "A%zz", "2", "", "", "x y+y"])
    #expect(QueryDecoder.items(of: "").isEmpty)
  }
}
