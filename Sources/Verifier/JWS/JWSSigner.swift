import Crypto
import Foundation
import SwiftASN1
import X509

/// Signs App Store payloads as compact JWS: ES256 (ECDSA P-256 with SHA-256, signature r ‖ s) under
/// the header `{"alg":"ES256","x5c":[leaf, intermediate, root]}`.
///
/// The header is encoded, and hashed into a SHA-256 state, once when the signer is made; each
/// signature then costs one JSON encoding, base64url of the payload, hashing the payload segment
/// and one ECDSA signature. Payload JSON has sorted keys, dates as integer milliseconds
/// and unescaped slashes.
public struct JWSSigner: Sendable {
  /// The JWS-signing leaf certificate.
  public let certificate: Certificate
  /// The base64url header segment followed by a dot, shared by every token.
  let headerPrefix: String
  /// SHA-256 state after the header segment and its dot: copied, then fed the payload segment.
  private let hashedHeader: SHA256
  private let privateKey: P256.Signing.PrivateKey
  private let encoder = AppStoreJSON.encoder()

  /// Creates a signer from a leaf, its P-256 key and its chain.
  ///
  /// - Parameters:
  ///   - certificate: The JWS-signing leaf certificate.
  ///   - privateKey: The leaf's P-256 key.
  ///   - intermediate: The certificate that issued the leaf.
  ///   - root: The root that issued the intermediate.
  /// - Throws: `SigningError.encodingFailed` if a certificate cannot be DER-encoded.
  public init(
    certificate: Certificate, privateKey: P256.Signing.PrivateKey, intermediate: Certificate,
    root: Certificate
  ) throws(SigningError) {
    var encodings: [[UInt8]] = []
    for member in [certificate, intermediate, root] {
      do {
        var serializer = DER.Serializer()
        try serializer.serialize(member)
        encodings.append(serializer.serializedBytes)
      } catch {
        throw SigningError(.encodingFailed, "certificate \(member.subject): \(error)")
      }
    }
    self.init(certificate: certificate, privateKey: privateKey, chainDER: encodings)
  }

  /// Creates a signer that signs with the authority's JWS-signing leaf.
  ///
  /// - Parameter authority: The local certificate authority.
  public init(authority: CertificateAuthority) {
    self.init(
      certificate: authority.jwsSigningCertificate, privateKey: authority.jwsSigningKey,
      chainDER: [CertificateRole.jwsSigning, .intermediate, .root].map { authority.entry($0).der })
  }

  private init(certificate: Certificate, privateKey: P256.Signing.PrivateKey, chainDER: [[UInt8]]) {
    let x5c = chainDER.map { "\"\(Base64.encode($0, .standard))\"" }.joined(separator: ",")
    let header = #"{"alg":"ES256","x5c":["# + x5c + "]}"
    self.certificate = certificate
    self.privateKey = privateKey
    self.headerPrefix = Base64.encode(Array(header.utf8), .url) + "."
    var hasher = SHA256()
    hasher.update(data: Array(headerPrefix.utf8))
    self.hashedHeader = hasher
  }

  /// Signs a payload encoded as App Store JSON.
  ///
  /// - Parameter payload: The payload, such as a `JWSTransactionDecodedPayload`.
  /// - Throws: `SigningError` when the payload cannot be encoded or signing fails.
  /// - Returns: The compact JWS.
  public func sign<Payload: Encodable>(_ payload: Payload) throws(SigningError) -> String {
    if let writable = payload as? any AppStoreJSONWritable, let json = writable.appStoreJSON() {
      return try sign(payloadJSON: json)
    }
    let json: Data
    do {
      json = try encoder.encode(payload)
    } catch {
      throw SigningError(.encodingFailed, "\(Payload.self) as JSON: \(error)")
    }
    return try sign(payloadJSON: Array(json))
  }

  /// Signs payload bytes as they are.
  ///
  /// - Parameter payloadJSON: The payload bytes, normally JSON.
  /// - Throws: `SigningError.signingFailed` when signing fails.
  /// - Returns: The compact JWS.
  public func sign(payloadJSON: [UInt8]) throws(SigningError) -> String {
    let payloadSegment = Base64.encode(payloadJSON, .url)
    var hasher = hashedHeader
    hasher.update(data: Array(payloadSegment.utf8))
    do {
      let signature = try privateKey.signature(for: hasher.finalize())
      return headerPrefix + payloadSegment + "." + Base64.encode(signature.rawRepresentation, .url)
    } catch {
      throw SigningError(.signingFailed, "ES256 signing with \(certificate.subject): \(error)")
    }
  }
}
