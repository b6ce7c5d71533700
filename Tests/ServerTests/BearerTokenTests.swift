import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Simulation
import Testing
import Verifier

@testable import Server

@Suite struct BearerTokenTests {
  @Test func validTokenReachesTheAPI() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.validToken()
    try await fixture.test { client in
      let response = try await client.execute(
        uri: "/inApps/v1/no-such-endpoint", method: .get, headers: .bearer(token))
      #expect(response.status == .notFound)
      #expect(response.headers[.contentType] == "application/json")
      #expect(response.text == #"{"errorCode":4040000,"errorMessage":"Not found."}"#)
    }
  }

  @Test func tokenWithoutIatAsPythonAndJavaSendIt() async throws {
    let fixture = try ServerFixture()
    let token = try fixture.signer.token(issuedAt: nil, expiresAt: fixture.now + 300)
    try await fixture.test { client in
      let response = try await client.execute(uri: "/inApps/v1/x", method: .get, headers: .bearer(token))
      #expect(response.status == .notFound)
    }
  }

  /// Each bad token, and the check that names it.
  static func badTokens(
    _ fixture: ServerFixture
  ) throws -> [(String, HTTPFields, BearerTokenVerifier.Failure)] {
    let signer = fixture.signer
    let now = fixture.now
    var other = signer
    other.privateKey = P256.Signing.PrivateKey()
    var unknown = signer
    unknown.keyId = "NOSUCHKEY1"
    var wrongIssuer = signer
    wrongIssuer.issuerId = "99999999-2222-3333-4444-555555555555"
    var wrongBundle = signer
    wrongBundle.bundleId = "com.example.other"
    let valid = try signer.token(issuedAt: now, expiresAt: now + 300)
    let parts = valid.split(separator: ".").map(String.init)
    func claims(_ header: String) throws -> String {
      try BearerTokenSigner.signed(
        header: header,
        claims:
          #"{"iss":"\#(signer.issuerId)","iat":\#(now),"exp":\#(now + 300),"aud":"appstoreconnect-v1","bid":"\#(signer.bundleId)"}"#,
        with: signer.privateKey)
    }
    let tampered =
      parts[0] + "."
      + BearerTokenSigner.base64URL(
        Data(
          #"{"iss":"\#(signer.issuerId)","iat":\#(now),"exp":\#(now + 3000),"aud":"appstoreconnect-v1","bid":"\#(signer.bundleId)"}"#
            .utf8)) + "." + parts[2]
    let hs256 = try claims(#"{"alg":"HS256","kid":"\#(signer.keyId)","typ":"JWT"}"#)
    let none =
      BearerTokenSigner.base64URL(Data(#"{"alg":"none","kid":"\#(signer.keyId)"}"#.utf8)) + "." + parts[1]
      + "."
    return [
      ("missing header", [:], .missingHeader),
      ("wrong scheme", [.authorization: "Basic \(valid)"], .wrongScheme),
      ("bad base64", [.authorization: "Bearer \(parts[0]).@@@.\(parts[2])"], .badBase64),
      ("two parts", [.authorization: "Bearer \(parts[0]).\(parts[1])"], .malformedToken),
      ("alg none", .bearer(none), .malformedToken),
      ("alg HS256", .bearer(hs256), .wrongAlgorithm),
      ("unknown kid", .bearer(try unknown.token(issuedAt: now, expiresAt: now + 300)), .unknownKey),
      ("wrong issuer", .bearer(try wrongIssuer.token(issuedAt: now, expiresAt: now + 300)), .wrongIssuer),
      (
        "wrong aud",
        .bearer(try signer.token(issuedAt: now, expiresAt: now + 300, audience: "appstoreconnect-v2")),
        .wrongAudience
      ),
      ("wrong bid", .bearer(try wrongBundle.token(issuedAt: now, expiresAt: now + 300)), .wrongBundleId),
      ("expired", .bearer(try signer.token(issuedAt: now - 600, expiresAt: now - 1)), .expired),
      (
        "exp - iat > 60 min", .bearer(try signer.token(issuedAt: now, expiresAt: now + 3601)),
        .lifetimeTooLong
      ),
      (
        "no iat, exp > now + 60 min", .bearer(try signer.token(issuedAt: nil, expiresAt: now + 7200)),
        .lifetimeTooLong
      ),
      ("tampered claims", .bearer(tampered), .badSignature),
      ("other key's signature", .bearer(try other.token(issuedAt: now, expiresAt: now + 300)), .badSignature),
    ]
  }

  @Test func everyBadTokenGetsABare401() async throws {
    let fixture = try ServerFixture()
    let cases = try Self.badTokens(fixture)
    try await fixture.test { client in
      for (name, headers, _) in cases {
        let response = try await client.execute(
          uri: "/inApps/v1/transactions/1", method: .get, headers: headers)
        #expect(response.status == .unauthorized, "\(name)")
        #expect(response.body.readableBytes == 0, "\(name)")
        #expect(response.headers[.contentType] == nil, "\(name)")
      }
    }
  }

  @Test func eachBadTokenNamesTheCheckItFailed() async throws {
    let fixture = try ServerFixture()
    let key = try await fixture.owner.withWorld { $0.apiKeys.key(id: ServerFixture.keyId) }
    for (name, headers, failure) in try Self.badTokens(fixture) {
      do {
        let parsed = try BearerTokenVerifier.parse(authorization: headers[.authorization])
        let found = parsed.keyId == ServerFixture.keyId ? key : nil
        _ = try BearerTokenVerifier.verify(
          parsed, key: found, bundleId: fixture.bundleId, now: Date().timeIntervalSince1970)
        Issue.record("\(name): accepted")
      } catch {
        #expect(error == failure, "\(name)")
      }
    }
  }

  @Test func eachRefusalLogsOneLineSayingWhy() async throws {
    let fixture = try ServerFixture()
    let cases = try Self.badTokens(fixture)
    let log = LogLines()
    let app = Application(router: fixture.router(), logger: log.logger)
    try await app.test(.router) { client in
      for (_, headers, _) in cases {
        _ = try await client.execute(uri: "/inApps/v1/transactions/1", method: .get, headers: headers)
      }
    }
    let lines = log.lines
    #expect(lines.count == cases.count)
    for ((name, _, failure), line) in zip(cases, lines) {
      #expect(line == "401 for GET /inApps/v1/transactions/1: \(failure.reason)", "\(name)")
    }
    let reasons: [(BearerTokenVerifier.Failure, String)] = [
      (.unknownKey, "unknown key id"), (.wrongAudience, "wrong aud"), (.expired, "expired"),
      (.badSignature, "foreign signature"), (.wrongBundleId, "wrong bid"),
      (.malformedToken, "malformed token"),
    ]
    for (failure, start) in reasons { #expect(failure.reason.hasPrefix(start)) }
  }
}
