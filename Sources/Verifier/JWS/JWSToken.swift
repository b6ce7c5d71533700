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
