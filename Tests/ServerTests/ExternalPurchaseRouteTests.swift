import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// The External Purchase Server API sits behind the same bearer token as `/inApps`.
@Suite struct ExternalPurchaseRouteTests {
  @Test func reportsNeedTheBearerTokenAndReachTheAPI() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    try await fixture.test { client in
      let bare = try await client.execute(uri: "/externalPurchase/v1/reports/x", method: .get)
      #expect(bare.status == .unauthorized)
      let unknown = try await client.execute(
        uri: "/externalPurchase/v1/reports/87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad", method: .get,
        headers: .bearer(token))
      #expect(unknown.status == .badRequest)
      #expect(
        unknown.text
          == #"{"errorCode":3,"errorMessage":"The referenced value was not found.","fieldName":"requestIdentifier"}"#
      )
      let sent = try await client.execute(
        uri: "/externalPurchase/v1/reports", method: .put, headers: .bearer(token),
        body: ByteBuffer(
          string: #"{"requestIdentifier":"87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad","status":"NO_LINE_ITEM"}"#))
      #expect(sent.status == .badRequest)
      #expect(sent.text.contains(#""fieldName":"externalPurchaseId""#))
    }
  }
}
