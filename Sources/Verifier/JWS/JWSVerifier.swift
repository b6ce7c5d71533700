import Crypto
import Foundation
import X509

/// Verifies App Store JWS the way Apple's libraries do, at a given validation time, naming the check
/// that fails.
///
/// Steps: split the compact form; decode the header; require `alg` `ES256`; decode exactly three
/// `x5c` certificates; validate leaf and intermediate against the trusted roots with Apple's marker
/// extensions (`CertificateChainValidator`; trust comes only from the roots, and the third
/// certificate must be a copy of the trusted root); verify the ES256 signature with the leaf's P-256 key; decode the payload. Validated
/// chains are cached per distinct header, so verifying many tokens from one signer costs about one
/// ECDSA verification each. Copies of a verifier share its cache.
public struct JWSVerifier: Sendable {
  /// The chain validator holding the trusted roots.
  public let chainValidator: CertificateChainValidator
  private let cache: JWSChainCache

  /// Creates a verifier.
  ///
  /// - Parameters:
  ///   - trustedRoots: The roots a token's chain may lead to (the workbench's local root).
  ///   - cacheCapacity: How many distinct headers to remember.
  public init(trustedRoots: [Certificate], cacheCapacity: Int = 32) {
    chainValidator = CertificateChainValidator(trustedRoots: trustedRoots)
    cache = JWSChainCache(capacity: cacheCapacity)
  }

  /// Verifies a token.
  ///
  /// - Parameters:
  ///   - compact: The compact JWS.
  ///   - validationTime: The time to validate the chain at (the virtual clock, or the payload's
  ///     `signedDate` as Apple's libraries do offline).
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The verified token and chain.
  public func verify(_ compact: String, at validationTime: Date) throws(VerificationFailure) -> VerifiedJWS {
    let parts = try JWSParts(compact)
    let entry: JWSChainCache.Entry
    if let cached = cache.entry(for: parts.encodedHeader, at: validationTime) {
      entry = cached
    } else {
      entry = try validateHeader(of: parts, at: validationTime)
    }
    let signature: P256.Signing.ECDSASignature
    do {
      signature = try P256.Signing.ECDSASignature(rawRepresentation: parts.signature)
    } catch {
      throw VerificationFailure(
        .signatureMismatch, "signature is \(parts.signature.count) bytes, not the 64-byte r ‖ s of ES256")
    }
    guard entry.key.isValidSignature(signature, for: parts.signingInput) else {
      throw VerificationFailure(
        .signatureMismatch,
        "ES256 signature does not match header and payload under \(entry.chain.leaf.subject)")
    }
    return VerifiedJWS(token: JWSToken(parts: parts, header: entry.header), chain: entry.chain)
  }

  /// Verifies a token and decodes its payload.
  ///
  /// - Parameters:
  ///   - compact: The compact JWS.
  ///   - type: The payload type, such as `JWSTransactionDecodedPayload`.
  ///   - validationTime: The time to validate the chain at.
  /// - Throws: `VerificationFailure` naming the failed check.
  /// - Returns: The verified payload.
  public func verify<Payload: Decodable>(
    _ compact: String, as type: Payload.Type, at validationTime: Date
  )
    throws(VerificationFailure) -> Payload
  {
    try verify(compact, at: validationTime).decodePayload(as: type)
  }

  private func validateHeader(
    of parts: JWSParts, at time: Date
  ) throws(VerificationFailure) -> JWSChainCache.Entry {
    let header = try parts.decodeHeader()
    if let critical = header.crit {
      throw VerificationFailure(
        .malformedHeader,
        "header marks \(critical) critical; App Store JWS use no extensions, and RFC 7515 §4.1.11 requires refusing ones not understood"
      )
    }
    guard let algorithm = header.alg else {
      throw VerificationFailure(.malformedHeader, "header has no alg")
    }
    guard algorithm == "ES256" else {
      throw VerificationFailure(.unsupportedAlgorithm, "alg is \"\(algorithm)\"; App Store JWS use ES256")
    }
    guard let x5c = header.x5c else {
      throw VerificationFailure(.malformedHeader, "header has no x5c certificate chain")
    }
    guard x5c.count == 3 else {
      throw VerificationFailure(.chainLength, "x5c holds \(x5c.count) certificates; App Store JWS carry 3")
    }
    let certificates = try x5c.enumerated().map { (index, entry) throws(VerificationFailure) in
      try Self.certificate(entry, index: index)
    }
    let chain = try chainValidator.validate(
      leaf: certificates[0], carried: Array(certificates.dropFirst()), at: time)
    guard chain.intermediate == certificates[1], chain.root == certificates[2] else {
      throw VerificationFailure(.untrustedChain, "x5c is not in the order leaf, intermediate, trusted root")
    }
    guard let key = P256.Signing.PublicKey(chain.leaf.publicKey) else {
      throw VerificationFailure(
        .unsupportedAlgorithm, "leaf (\(chain.leaf.subject)) key is not P-256, as ES256 needs")
    }
    let entry = JWSChainCache.Entry(header: header, chain: chain, key: key)
    cache.insert(entry, for: parts.encodedHeader)
    return entry
  }

  private static func certificate(_ text: String, index: Int) throws(VerificationFailure) -> Certificate {
    guard let der = Base64.decode(text, .standard) else {
      throw VerificationFailure(.malformedCertificate, "x5c[\(index)] is not standard base64")
    }
    return try Certificate.strictlyParsing(der, place: "x5c[\(index)]")
  }
}
