import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

@Suite struct VerifyReceiptRouteTests {
  @Test func sandboxFaceAnswersStatusZeroForTheSandboxReceipt() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let body = ByteBuffer(string: #"{"receipt-data":"\#(fixture.receipt)"}"#)
      let response = try await client.execute(uri: "/sandbox/verifyReceipt", method: .post, body: body)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json")
      let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
      #expect(json?["status"] as? Int == 0)
      #expect(json?["environment"] as? String == "Sandbox")
    }
  }

  @Test func productionFaceAnswers21007ForTheSandboxReceipt() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let body = ByteBuffer(string: #"{"receipt-data":"\#(fixture.receipt)"}"#)
      let response = try await client.execute(uri: "/verifyReceipt", method: .post, body: body)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
      #expect(json?["status"] as? Int == 21007)
    }
  }

  @Test(arguments: ["not json", "{}", #"{"receipt-data": 5}"#, ""])
  func garbageAnswers21000(_ garbage: String) async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/sandbox/verifyReceipt", method: .post, body: ByteBuffer(string: garbage))
      let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
      #expect(json?["status"] as? Int == 21000)
    }
  }

  @Test func bodyOverTheLimitAnswers413InApplesShape() async throws {
    let fixture = try ServerFixture()
    try await fixture.test(bodyLimit: 1000) { client in
      let body = ByteBuffer(string: String(repeating: "x", count: 1001))
      let response = try await client.execute(uri: "/verifyReceipt", method: .post, body: body)
      #expect(response.status == .contentTooLarge)
      #expect(response.headers[.contentType] == "application/json")
      #expect(response.text == #"{"errorCode":4130000,"errorMessage":"Request body too large."}"#)
    }
  }

  @Test func unknownPathAndWrongMethodAnswerInApplesShape() async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let missing = try await client.execute(uri: "/nowhere", method: .get)
      #expect(missing.status == .notFound)
      #expect(missing.headers[.contentType] == "application/json")
      #expect(missing.text == #"{"errorCode":4040000,"errorMessage":"Not found."}"#)
      let wrong = try await client.execute(
        uri: "/inApps/v1/notifications/test", method: .get, headers: .bearer(try fixture.validToken()))
      #expect(wrong.status == .methodNotAllowed)
      #expect(wrong.text == #"{"errorCode":4050000,"errorMessage":"Method not allowed."}"#)
    }
  }

  /// Apple's verifyReceipt answers a request that is not a POST with HTTP 200 and status 21000.
  @Test(arguments: ["/verifyReceipt", "/sandbox/verifyReceipt"], [HTTPRequest.Method.get, .put, .delete])
  func aRequestThatIsNotAPostAnswers21000(_ path: String, _ method: HTTPRequest.Method) async throws {
    let fixture = try ServerFixture()
    try await fixture.test { client in
      let response = try await client.execute(uri: path, method: method)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json")
      #expect(response.text == #"{"status":21000}"#)
    }
  }
}
