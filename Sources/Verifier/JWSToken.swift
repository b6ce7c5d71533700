import Foundation

/// A compact JWS split and decoded, not yet verified:
/// `base64url(header) "." base64url(payload) "." base64url(signature)`.
public struct JWSToken: Hashable, Sendable {
  /// The decoded header.
  public var header: JWSHeader
  /// The payload bytes (JSON).
  public var payload: [UInt8]
  /// The signature bytes; ES256 signatures are 64 bytes, r ‖ s.
  public var signature: [UInt8]

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
    self.header = header
    payload = parts.payload
    signature = parts.signature
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

/// The three segments of a compact JWS, worked on as UTF-8 bytes, with payload and signature
/// decoded; the header's JSON is decoded separately so a verifier that has seen the header before
/// can skip it.
struct JWSParts {
  /// The header segment as written, base64url.
  var encodedHeader: ArraySlice<UInt8>
  /// The bytes the signature covers: the header and payload segments joined by a dot.
  var signingInput: ArraySlice<UInt8>
  var payload: [UInt8]
  var signature: [UInt8]

  init(_ compact: String) throws(VerificationFailure) {
    let bytes = Array(compact.utf8)
    let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
    guard dots.count == 2 else {
      throw VerificationFailure(.malformedToken, "expected 3 dot-separated segments, found \(dots.count + 1)")
    }
    encodedHeader = bytes[..<dots[0]]
    signingInput = bytes[..<dots[1]]
    payload = try Self.decode(bytes[(dots[0] + 1)..<dots[1]], "payload")
    signature = try Self.decode(bytes[(dots[1] + 1)...], "signature")
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

  private static func decode(
    _ segment: ArraySlice<UInt8>, _ name: String
  ) throws(VerificationFailure) -> [UInt8] {
    guard let bytes = Base64.decode(segment, .url) else {
      throw VerificationFailure(.malformedToken, "\(name) segment is not unpadded base64url")
    }
    return bytes
  }
}
