import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

/// Apple's error body.
struct APIErrorBody: Decodable, Equatable {
  var errorCode: Int
  var errorMessage: String
}

extension World {
  /// Asks the App Store Server API.
  func call(
    _ method: String, _ path: String, query: [(String, String)] = [], body: String? = nil
  ) -> APIResponse {
    AppStoreServerAPI.respond(
      to: APIRequest(
        method: method, path: path, query: query.map { APIRequest.QueryItem($0.0, $0.1) },
        body: Array((body ?? "").utf8)),
      in: self)
  }

  /// Decodes a 200 answer's JSON body.
  func decode<T: Decodable>(_ type: T.Type, _ response: APIResponse) throws -> T {
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    #expect(response.headers.first { $0.name == "Content-Type" }?.value == "application/json")
    return try JSONDecoder().decode(T.self, from: Data(response.body))
  }

  /// Verifies a JWS against the world's root and decodes its payload.
  func verified<T: Decodable>(_ type: T.Type, _ jws: String) throws -> T {
    try JWSVerifier(trustedRoots: [try authority().root]).verify(jws, as: T.self, at: store.clock.now)
  }

  /// Charges the default account directly on Apple's side (no device), for long histories.
  @discardableResult
  func charge(_ productId: String, account name: String = "default") throws -> PurchaseRecord {
    let account = try #require(store.account(named: name))
    return try store.charge(productId: productId, quantity: 1, account: account).get()
  }
}

/// The error code of an answer, checking the status and the exact content type Apple sends.
func errorCode(_ response: APIResponse) throws -> Int {
  #expect(response.headers.first { $0.name == "Content-Type" }?.value == "application/json")
  let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(response.body))
  #expect(response.status == body.errorCode / 10_000)
  return body.errorCode
}
