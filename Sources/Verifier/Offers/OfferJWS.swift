import Crypto
import Foundation

/// A compact JWS the developer's server signed for a purchase (a promotional offer, an
/// introductory-offer eligibility): ES256 with the In-App Purchase key named by `kid`.
public struct OfferJWS: Sendable {
  /// The header.
  public var header: JWSHeader
  /// The claims.
  public var claims: OfferJWSClaims
  private let signingInput: [UInt8]
  private let signature: [UInt8]

  /// Reads a compact JWS; its signature is checked by ``isSigned(by:)``.
  ///
  /// - Throws: ``VerificationFailure`` naming the segment that is not base64url or not JSON.
  public init(_ compact: String) throws(VerificationFailure) {
    let parts = try JWSParts(compact.trimmingCharacters(in: .whitespacesAndNewlines))
    header = try parts.decodeHeader()
    do {
      claims = try JSONDecoder().decode(OfferJWSClaims.self, from: Data(parts.payload))
    } catch {
      throw VerificationFailure(
        .malformedPayload, "the payload is not a JSON object of the expected claims: \(error)")
    }
    signingInput = Array(parts.signingInput)
    signature = parts.signature
  }

  /// Whether its ES256 signature (r and s, 32 bytes each) is the key's over the header and payload.
  public func isSigned(by key: P256.Signing.PublicKey) -> Bool {
    guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
    return key.isValidSignature(ecdsa, for: Data(signingInput))
  }

  /// Signs claims as Apple's `JWSSignatureCreator` does: header `{"alg":"ES256","kid":…,"typ":"JWT"}`.
  public static func sign(
    _ claims: OfferJWSClaims, keyId: String, with key: P256.Signing.PrivateKey
  ) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let header = try encoder.encode(JWSHeader(alg: "ES256", kid: keyId, typ: "JWT"))
    let payload = try encoder.encode(claims)
    let input = Base64.encode(header, .url) + "." + Base64.encode(payload, .url)
    let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
    return input + "." + Base64.encode(signature, .url)
  }
}
