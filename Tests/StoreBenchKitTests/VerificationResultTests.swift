import Crypto
import Foundation
import StoreBenchKit
import Testing

/// `VerificationResult`: its two cases as apps match them, `payloadValue` and
/// `unsafePayloadValue`, the errors, and the JWS accessors of the three signed types, checked
/// against the JWS itself (the header's leaf certificate verifies the signature; the device
/// verification is SHA-384 of the nonce and the device's identifier).
@Suite struct VerificationResultTests {
  /// The sample code's `checkVerified`.
  static func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified(_, let error): throw error
    case .verified(let safe): return safe
    }
  }

  @Test func unverifiedNextDamagesTheNextTransactionForReal() async throws {
    let store = try Fixtures.store()
    try await store.run {
      store.unverifiedNext(.invalidSignature)
      let pack = try await Fixtures.product("level.pack")
      guard case .success(let result) = try await pack.purchase() else {
        Issue.record("not a success")
        return
      }
      guard case .unverified(let transaction, .invalidSignature) = result else {
        Issue.record("not unverified with invalidSignature: \(result)")
        return
      }
      #expect(transaction.productID == "level.pack")
      #expect(result.unsafePayloadValue == transaction)
      #expect(throws: VerificationResult<Transaction>.VerificationError.invalidSignature) {
        try result.payloadValue
      }
      #expect(throws: VerificationResult<Transaction>.VerificationError.invalidSignature) {
        try Self.checkVerified(result)
      }
      #expect(!(try JWSParts(result.jwsRepresentation).signatureVerifiesWithItsLeafCertificate))
      // The damage was for one transaction; the purchase result and later reads agree.
      #expect(await Transaction.latest(for: "level.pack") != nil)
      #expect(try await Fixtures.buy("maps.hd").productID == "maps.hd")
    }
  }

  @Test(arguments: [
    VerificationResult<Transaction>.VerificationError.invalidSignature, .invalidEncoding,
    .invalidCertificateChain,
    .missingRequiredProperties,
  ])
  func eachDamageGivesItsError(_ error: VerificationResult<Transaction>.VerificationError) async throws {
    let store = try Fixtures.store()
    try await store.run {
      store.unverifiedNext(error)
      let result = try #require(await Self.purchaseResult("level.pack"))
      guard case .unverified(_, let found) = result else {
        Issue.record("\(error): verified")
        return
      }
      #expect(found == error)
    }
  }

  @Test(arguments: [
    VerificationResult<Transaction>.VerificationError.invalidDeviceVerification, .revokedCertificate,
  ])
  func theDamagesNoVerifierCanFindAloneStillFailTheCheck(
    _ error: VerificationResult<Transaction>.VerificationError
  )
    async throws
  {
    let store = try Fixtures.store()
    try await store.run {
      store.unverifiedNext(error)
      let result = try #require(await Self.purchaseResult("level.pack"))
      guard case .unverified(_, let found) = result else {
        Issue.record("\(error): the next transaction verified")
        return
      }
      #expect(found == error)
    }
  }

  @Test func aTransactionsJWSAccessorsAgreeWithEachOtherAndWithTheDevice() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pack = try await Fixtures.product("level.pack")
      guard case .success(let result) = try await pack.purchase(), case .verified(let transaction) = result
      else {
        Issue.record("not a verified success")
        return
      }
      try Self.checkJWSAccessors(of: result, json: transaction.jsonRepresentation)
      #expect(result.signedDate == transaction.signedDate)
      #expect(result.deviceVerification == transaction.deviceVerification)
      #expect(result.deviceVerificationNonce == transaction.deviceVerificationNonce)
    }
  }

  @Test func aRenewalInfosAndTheAppTransactionsJWSAccessorsAgreeToo() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Fixtures.buy("pro.monthly").finish()
      let status = try #require(try await Fixtures.product("pro.monthly").subscription?.status.first)
      try Self.checkJWSAccessors(
        of: status.renewalInfo, json: status.renewalInfo.unsafePayloadValue.jsonRepresentation)
      try Self.checkJWSAccessors(
        of: status.transaction, json: status.transaction.unsafePayloadValue.jsonRepresentation)
      let app = try await AppTransaction.shared
      try Self.checkJWSAccessors(of: app, json: app.unsafePayloadValue.jsonRepresentation)
      #expect(app.signedDate == app.unsafePayloadValue.signedDate)
    }
  }

  /// Checks the nine JWS accessors of a signed value against each other, its JSON and the device.
  /// (`_SignedStoreValue` gathers the three types that have them, so one check serves all three.)
  static func checkJWSAccessors<T: _SignedStoreValue>(of result: VerificationResult<T>, json: Data) throws {
    let parts = try JWSParts(result.jwsRepresentation)
    #expect(result.headerData == parts.header)
    #expect(result.payloadData == parts.payload)
    #expect(result.signatureData == parts.signature)
    #expect(result.signatureData.count == 64, "ES256: r‖s")
    #expect(result.signature.rawRepresentation == result.signatureData)
    #expect(
      result.signedData
        == Data(result.jwsRepresentation.split(separator: ".")[0...1].joined(separator: ".").utf8))
    #expect(try sameJSON(result.payloadData, json), "payloadData is the jsonRepresentation")
    let header = try #require(try JSONSerialization.jsonObject(with: result.headerData) as? [String: Any])
    #expect(header["alg"] as? String == "ES256")
    #expect((header["x5c"] as? [String])?.count == 3, "leaf, intermediate, root")
    #expect(try parts.signatureVerifiesWithItsLeafCertificate)
    let leaf = try parts.leafKey()
    #expect(leaf.isValidSignature(result.signature, for: result.signedData))
    let deviceID = try #require(AppStore.deviceVerificationID)
    let expected = Data(
      SHA384.hash(
        data: Data(
          (result.deviceVerificationNonce.uuidString.lowercased() + deviceID.uuidString.lowercased()).utf8)))
    #expect(result.deviceVerification == expected)
    #expect(abs(result.signedDate.timeIntervalSinceNow) < 60)
  }

  @Test func resultsAreEqualWhenTheirValuesAndCasesAre() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let transaction = try await Fixtures.buy("level.pack")
      let verified = VerificationResult<Transaction>.verified(transaction)
      let unverified = VerificationResult<Transaction>.unverified(transaction, .invalidSignature)
      #expect(verified == .verified(transaction))
      #expect(verified != unverified)
      #expect(Set([verified, unverified, verified]).count == 2)
      #expect(verified.debugDescription.contains("\"productId\""))
      #expect(unverified.debugDescription.hasPrefix("unverified"))
      let numbers = VerificationResult<Int>.unverified(7, .invalidEncoding)
      #expect(numbers.unsafePayloadValue == 7)
      #expect(throws: VerificationResult<Int>.VerificationError.invalidEncoding) { try numbers.payloadValue }
    }
  }

  @Test func verificationErrorsAreLocalized() {
    let errors: [VerificationResult<Transaction>.VerificationError] = [
      .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding,
      .invalidSignature,
      .missingRequiredProperties,
    ]
    func handle(_ error: VerificationResult<Transaction>.VerificationError) -> String {
      switch error {
      case .revokedCertificate, .invalidCertificateChain: "certificate"
      case .invalidDeviceVerification: "device"
      case .invalidEncoding, .invalidSignature: "token"
      case .missingRequiredProperties: "payload"
      @unknown default: "unknown"
      }
    }
    #expect(errors.map(handle) == ["certificate", "certificate", "device", "token", "token", "payload"])
    #expect(Set(errors.compactMap(\.errorDescription)).count == 6)
    #expect(errors.allSatisfy { $0.failureReason != nil })
    #expect(errors.allSatisfy { $0.recoverySuggestion == nil })
    let localized: any LocalizedError = VerificationResult<Transaction>.VerificationError.invalidSignature
    #expect(localized.errorDescription == "The signature is not valid.")
  }

  /// The result of buying a product, verified or not.
  static func purchaseResult(_ id: String) async throws -> VerificationResult<Transaction>? {
    guard case .success(let result) = try await Fixtures.product(id).purchase() else { return nil }
    return result
  }

  static func sameJSON(_ lhs: Data, _ rhs: Data) throws -> Bool {
    let left = try JSONSerialization.jsonObject(with: lhs) as? NSDictionary
    let right = try JSONSerialization.jsonObject(with: rhs) as? NSDictionary
    return left != nil && left == right
  }
}

/// A compact JWS, taken apart as a verifier takes it, with no help from StoreBenchKit.
struct JWSParts {
  let compact: String
  let header: Data
  let payload: Data
  let signature: Data

  init(_ compact: String) throws {
    self.compact = compact
    let parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { throw Failure("not three parts: \(compact.prefix(40))") }
    header = Self.base64URL(parts[0]) ?? Data()
    payload = Self.base64URL(parts[1]) ?? Data()
    signature = Self.base64URL(parts[2]) ?? Data()
  }

  /// The public key of the header's first certificate (`x5c[0]`).
  func leafKey() throws -> P256.Signing.PublicKey {
    let json = try JSONSerialization.jsonObject(with: header) as? [String: Any]
    guard let leaf = (json?["x5c"] as? [String])?.first, let der = Data(base64Encoded: leaf) else {
      throw Failure("no x5c certificate in the header")
    }
    return try P256.Signing.PublicKey(derRepresentation: try DER.subjectPublicKeyInfo(ofCertificate: der))
  }

  /// Whether the signature verifies over `header.payload` with the leaf certificate's key.
  var signatureVerifiesWithItsLeafCertificate: Bool {
    get throws {
      guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
        return false
      }
      let signed = Data(compact.split(separator: ".")[0...1].joined(separator: ".").utf8)
      return try leafKey().isValidSignature(signature, for: signed)
    }
  }

  static func base64URL(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
  }
}

/// Just enough DER to find a certificate's SubjectPublicKeyInfo:
/// `Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version, serialNumber, signature,
/// issuer, validity, subject, subjectPublicKeyInfo, … }, … }`.
enum DER {
  /// One element: where its content starts and ends, and where the whole element ends.
  struct Element {
    let tag: UInt8
    let start: Int
    let contentStart: Int
    let end: Int
  }

  static func element(in bytes: [UInt8], at offset: Int) throws -> Element {
    guard offset + 2 <= bytes.count else { throw Failure("DER ends at \(offset)") }
    var length = Int(bytes[offset + 1])
    var contentStart = offset + 2
    if length & 0x80 != 0 {
      let count = length & 0x7f
      guard count <= 4, contentStart + count <= bytes.count else {
        throw Failure("bad DER length at \(offset)")
      }
      length = bytes[contentStart..<contentStart + count].reduce(0) { $0 << 8 | Int($1) }
      contentStart += count
    }
    guard contentStart + length <= bytes.count else { throw Failure("DER element past the end at \(offset)") }
    return Element(tag: bytes[offset], start: offset, contentStart: contentStart, end: contentStart + length)
  }

  static func subjectPublicKeyInfo(ofCertificate certificate: Data) throws -> [UInt8] {
    let bytes = [UInt8](certificate)
    let outer = try element(in: bytes, at: 0)
    let tbs = try element(in: bytes, at: outer.contentStart)
    var offset = tbs.contentStart
    var fields: [Element] = []
    while offset < tbs.end, fields.count < 7 {
      let field = try element(in: bytes, at: offset)
      fields.append(field)
      offset = field.end
    }
    // With the explicit [0] version first, the key info is the seventh field; without it, the sixth.
    let index = fields.first?.tag == 0xa0 ? 6 : 5
    guard fields.count > index else { throw Failure("the certificate has too few fields") }
    return Array(bytes[fields[index].start..<fields[index].end])
  }
}
