import Verifier

/// `VerificationResult.VerificationError`, by Apple's case names.
public enum VerificationError: String, Hashable, Sendable, CaseIterable {
  /// The certificate chain does not lead to the trusted root, or a certificate is not valid.
  case invalidCertificateChain
  /// The device verification value does not match this device.
  case invalidDeviceVerification
  /// The JWS does not decode.
  case invalidEncoding
  /// The signature does not match.
  case invalidSignature
  /// The payload lacks a property StoreKit requires.
  case missingRequiredProperties
  /// A certificate of the chain was revoked.
  case revokedCertificate

  /// The errors `unverified-next` can cause: four by damaging a real JWS so that the check fails;
  /// `invalidDeviceVerification` by signing a device hash of another device, and
  /// `revokedCertificate` as the check's outcome (storebench keeps no revocation list).
  public static let producible: [VerificationError] = [
    .invalidSignature, .invalidEncoding, .invalidCertificateChain, .missingRequiredProperties,
    .invalidDeviceVerification, .revokedCertificate,
  ]

  /// The case a failed check of storebench's verifier stands for.
  public init(_ failure: VerificationFailure) {
    switch failure.check {
    case .signatureMismatch: self = .invalidSignature
    case .malformedToken, .malformedHeader, .malformedPayload: self = .invalidEncoding
    default: self = .invalidCertificateChain
    }
  }
}
