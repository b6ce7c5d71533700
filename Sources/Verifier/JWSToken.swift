import Foundation

/// A compact JWS split and decoded, not yet verified: `base64url(header).base64url(payload).base64url(signature)`.
public struct JWSToken: Hashable, Sendable {
  /// The header segment as written, base64url.
  public var encodedHeader: Substring
  /// The decoded header.
  public var header: JWSHeader
  /// The payload bytes (JSON).
  public var payload: [UInt8]
  /// The signature bytes; ES256 signatures are 64 bytes, r ‖ s.
  public var signature: [UInt8]
  /// The bytes the signature covers: the header and payload segments joined by a dot.
  public var signingInput: Substring

  /// Splits and decodes a compact JWS.
  ///
  /// - Parameter compact: The token.
  /// - Throws: `malformedToken` when the token is not three base64url segments, `malformedHeader`
  ///   when the header is not a JSON object.
  public init(compact: String) throws(VerificationFailure) {
    let parts = try JWSParts(compact)
    self.init(parts: parts, header: try parts.decodeHeader())
  }

  init(parts: JWSParts, header: JWSHeader) {
    encodedHeader = parts.encodedHeader
    self.header = header
    payload = parts.payload
    signature = parts.signature
    signingInput = parts.signingInput
  }

  /// Decodes the payload JSON without checking the signature (Apple's libraries do this for the
  /// `Xcode` and `LocalTesting` environments).
  ///
  /// - Parameter type: The payload type, such as `JWSTransactionDecodedPayload`.
  /// - Throws: `malformedPayload` when the JSON does not decode as that type.
  /// - Returns: The payload.
  public func decodePayload<Payload: Decodable>(as type: Payload.Type) throws(VerificationFailure) -> Payload
  {
    do {
      return try AppStoreJSON.decoder().decode(type, from: Data(payload))
    } catch {
      throw VerificationFailure(.malformedPayload, "payload is not a \(Payload.self) JSON object: \(error)")
    }
  }
}

/// The three segments of a compact JWS with payload and signature decoded; the header's JSON is
/// decoded separately so a verifier that has seen the header before can skip it.
struct JWSParts {
  var encodedHeader: Substring
  var signingInput: Substring
  var payload: [UInt8]
  var signature: [UInt8]

  init(_ compact: String) throws(VerificationFailure) {
    let segments = compact.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else {
      throw VerificationFailure(.malformedToken, "expected 3 dot-separated segments, found \(segments.count)")
    }
    encodedHeader = segments[0]
    signingInput = compact[segments[0].startIndex..<segments[1].endIndex]
    payload = try Self.decode(segments[1], "payload")
    signature = try Self.decode(segments[2], "signature")
  }

  /// Decodes the header segment's JSON.
  func decodeHeader() throws(VerificationFailure) -> JWSHeader {
    let bytes = try Self.decode(encodedHeader, "header")
    do {
      return try JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
    } catch {
      throw VerificationFailure(
        .malformedHeader, "header is not a JSON object with string alg and x5c: \(error)")
    }
  }

  private static func decode(_ segment: Substring, _ name: String) throws(VerificationFailure) -> [UInt8] {
    guard let bytes = Base64.decode(segment, .url) else {
      throw VerificationFailure(.malformedToken, "\(name) segment is not unpadded base64url")
    }
    return bytes
  }
}
