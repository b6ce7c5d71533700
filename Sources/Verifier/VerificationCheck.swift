/// The check that rejected a receipt or a signed token.
///
/// Each case names one step of decoding or verification, so a `verify` command can say exactly what
/// failed. The raw value is a stable code for scripts and transcripts.
public enum VerificationCheck: String, Hashable, Sendable, Codable, CaseIterable {
  /// The bytes are not a BER/DER CMS `ContentInfo`.
  case malformedContainer = "malformed-container"
  /// The `ContentInfo` holds something other than `SignedData`.
  case notSignedData = "not-signed-data"
  /// The `SignedData` embeds no `id-data` content.
  case missingContent = "missing-content"
  /// The `SignedData` carries no certificates.
  case noCertificates = "no-certificates"
  /// A certificate in the container or in a JWS `x5c` header does not parse.
  case malformedCertificate = "malformed-certificate"
  /// No single signer, or no certificate matches the signer's identifier.
  case signerNotFound = "signer-not-found"
  /// A digest, signature or JWS algorithm this verifier does not accept.
  case unsupportedAlgorithm = "unsupported-algorithm"
  /// The certificate chain has the wrong number of certificates.
  case chainLength = "chain-length"
  /// The chain does not lead from the signer through an intermediate to a trusted root.
  case untrustedChain = "untrusted-chain"
  /// A certificate of the chain is not valid at the validation time.
  case certificateValidity = "certificate-validity"
  /// A certificate breaks a profile rule: version, basic constraints, key usage, critical extensions.
  case certificateConstraints = "certificate-constraints"
  /// The signing certificate lacks Apple's leaf marker extension 1.2.840.113635.100.6.11.1.
  case missingLeafMarker = "missing-leaf-marker"
  /// The intermediate certificate lacks Apple's marker extension 1.2.840.113635.100.6.2.1.
  case missingIntermediateMarker = "missing-intermediate-marker"
  /// The signature does not match the signed bytes and the signer's key.
  case signatureMismatch = "signature-mismatch"
  /// The signed payload (receipt attributes or JWS JSON) is malformed.
  case malformedPayload = "malformed-payload"
  /// The JWS is not three base64url segments separated by dots.
  case malformedToken = "malformed-token"
  /// The JWS header is not the JSON object this verifier expects.
  case malformedHeader = "malformed-header"
}
