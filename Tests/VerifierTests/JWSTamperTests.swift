import Crypto
import Foundation
import Testing
import X509

@testable import Verifier

@Suite struct JWSTamperTests {
  let verifier = JWSVerifier(trustedRoots: [Fixtures.authority.root])
  let token = try! Fixtures.jwsSigner.sign(JWSTests.transaction)

  var parts: [String] { token.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
  var x5c: [String] { try! JWSToken(compact: token).header.x5c! }

  func check(_ token: String) -> VerificationCheck? {
    failedCheck { try verifier.verify(token, at: Fixtures.now) }
  }

  /// The token with its header replaced, keeping the original payload and signature.
  func withHeader(_ json: String) -> String {
    Base64.encode(Array(json.utf8), .url) + "." + parts[1] + "." + parts[2]
  }

  func header(alg: String = "ES256", x5c: [String]) -> String {
    #"{"alg":""# + alg + #"","x5c":[""# + x5c.joined(separator: #"",""#) + #""]}"#
  }

  @Test func untouchedTokenVerifies() {
    #expect(check(token) == nil)
  }

  @Test(arguments: ["none", "HS256", "RS256", "ES384", "es256"])
  func otherAlgorithmsAreRefused(alg: String) {
    #expect(check(withHeader(header(alg: alg, x5c: x5c))) == .unsupportedAlgorithm)
  }

  @Test func algNoneWithoutSignatureIsRefused() {
    let unsigned = Base64.encode(Array(#"{"alg":"none"}"#.utf8), .url) + "." + parts[1] + "."
    #expect(check(unsigned) == .unsupportedAlgorithm)
  }

  @Test func addedHeaderFieldBreaksTheSignature() {
    let json = #"{"alg":"ES256","kid":"x","x5c":[""# + x5c.joined(separator: #"",""#) + #""]}"#
    #expect(check(withHeader(json)) == .signatureMismatch)
  }

  @Test func changedPayloadBreaksTheSignature() throws {
    var payload = JWSTests.transaction
    payload.price = 1
    let forged =
      parts[0] + "." + Base64.encode(try AppStoreJSON.encoder().encode(payload), .url) + "." + parts[2]
    #expect(check(forged) == .signatureMismatch)
  }

  @Test func changedSignatureBytesAreRejected() {
    var signature = Base64.decode(parts[2], .url)!
    for position in [0, 31, 32, 63] {
      var flipped = signature
      flipped[position] ^= 0x01
      #expect(check(parts[0] + "." + parts[1] + "." + Base64.encode(flipped, .url)) == .signatureMismatch)
    }
    signature.removeLast()
    #expect(check(parts[0] + "." + parts[1] + "." + Base64.encode(signature, .url)) == .signatureMismatch)
    let der = try! P256.Signing.ECDSASignature(rawRepresentation: Base64.decode(parts[2], .url)!)
      .derRepresentation
    #expect(check(parts[0] + "." + parts[1] + "." + Base64.encode(der, .url)) == .signatureMismatch)
  }

  @Test func swappedChainIsRejected() {
    #expect(check(withHeader(header(x5c: [x5c[1], x5c[0], x5c[2]]))) == .untrustedChain)
    #expect(check(withHeader(header(x5c: [x5c[0], x5c[2], x5c[1]]))) == .untrustedChain)
    #expect(check(withHeader(header(x5c: [x5c[0], x5c[1], x5c[1]]))) == .untrustedChain)
  }

  @Test func wrongChainLengthIsNamed() {
    #expect(check(withHeader(header(x5c: Array(x5c.prefix(2))))) == .chainLength)
    #expect(check(withHeader(header(x5c: x5c + [x5c[2]]))) == .chainLength)
  }

  @Test func leafFromAnotherAuthorityIsUntrusted() throws {
    let foreign = try JWSSigner(authority: Fixtures.otherAuthority).sign(JWSTests.transaction)
    #expect(check(foreign) == .untrustedChain)
    let foreignX5c = try JWSToken(compact: foreign).header.x5c!
    #expect(check(withHeader(header(x5c: [foreignX5c[0], x5c[1], x5c[2]]))) == .untrustedChain)
  }

  @Test func wrongTrustedRootIsUntrusted() {
    let other = JWSVerifier(trustedRoots: [Fixtures.otherAuthority.root])
    #expect(failedCheck { try other.verify(token, at: Fixtures.now) } == .untrustedChain)
  }

  @Test func chainWithoutMarkersIsNamed() throws {
    let chain = try TestChain(.init(leafMarker: false))
    let signer = try JWSSigner(
      certificate: chain.leaf, privateKey: chain.leafKey, intermediate: chain.intermediate, root: chain.root)
    let verifier = JWSVerifier(trustedRoots: [chain.root])
    #expect(
      failedCheck { try verifier.verify(try signer.sign(JWSTests.transaction), at: Fixtures.now) }
        == .missingLeafMarker)
  }

  @Test func malformedCertificatesAreNamed() {
    var broken = x5c
    broken[1] = "not base64!"
    #expect(check(withHeader(header(x5c: broken))) == .malformedCertificate)
    broken[1] = Data([0x30, 0x03, 0x02, 0x01, 0x01]).base64EncodedString()
    #expect(check(withHeader(header(x5c: broken))) == .malformedCertificate)
    broken[1] = String(x5c[1].dropLast(4))
    #expect(check(withHeader(header(x5c: broken))) == .malformedCertificate)
  }

  @Test(arguments: [
    "", ".", "a.b", "a.b.c.d", "eyJhbGciOiJFUzI1NiJ9", "e30.e30.!!!!", "e30=.e30.AAAA", "e+0.e30.AAAA",
    "e30.e30.A",
  ])
  func malformedTokensAreNamed(text: String) {
    #expect(check(text) == .malformedToken)
  }

  @Test(arguments: [
    "", #"not json"#, #"[1,2]"#, #"{"alg":5}"#, #"{"alg":"ES256","x5c":"abc"}"#, #"{"x5c":[]}"#,
  ])
  func malformedHeadersAreNamed(json: String) {
    #expect(check(withHeader(json)) == .malformedHeader)
  }

  @Test func malformedPayloadIsNamedAfterVerification() throws {
    let token = try Fixtures.jwsSigner.sign(payloadJSON: Array(#"{"purchaseDate":"yesterday"}"#.utf8))
    #expect(check(token) == nil)
    #expect(
      failedCheck { try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now) }
        == .malformedPayload)
    let notJSON = try Fixtures.jwsSigner.sign(payloadJSON: [0xff, 0x00])
    #expect(
      failedCheck { try verifier.verify(notJSON, as: AppTransaction.self, at: Fixtures.now) }
        == .malformedPayload)
  }

  @Test func everyChangedCharacterIsRejected() {
    let characters = Array(token.utf8)
    var accepted: [Int] = []
    for position in characters.indices {
      var tampered = characters
      tampered[position] = characters[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
      if check(String(decoding: tampered, as: UTF8.self)) == nil { accepted.append(position) }
    }
    #expect(accepted.isEmpty, "changes accepted at \(accepted) of \(characters.count) characters")
  }
}
