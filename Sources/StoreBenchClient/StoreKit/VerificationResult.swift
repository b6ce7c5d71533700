import Foundation

/// Whether a signed value passed StoreKit's check of its JWS. The JWS is real: signed by the
/// local certificate authority, verified against its root as StoreKit verifies against Apple's.
@frozen public enum VerificationResult<SignedType> {
  /// The check failed: the value, and why.
  case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
  /// The check passed.
  case verified(SignedType)

  /// The value, if it verified.
  ///
  /// - Throws: The ``VerificationError`` otherwise.
  public var payloadValue: SignedType {
    get throws {
      switch self {
      case .verified(let value): return value
      case .unverified(_, let error): throw error
      }
    }
  }

  /// The value, verified or not.
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }

  /// Why a JWS failed StoreKit's check.
  public enum VerificationError: Error, Equatable, Hashable, LocalizedError, Sendable {
    /// A certificate of the chain was revoked.
    case revokedCertificate
    /// The chain does not lead to the trusted root, or a certificate is not valid.
    case invalidCertificateChain
    /// The device verification value is not this device's.
    case invalidDeviceVerification
    /// The JWS does not decode.
    case invalidEncoding
    /// The signature does not match.
    case invalidSignature
    /// The payload lacks a property StoreKit requires.
    case missingRequiredProperties

    /// What went wrong.
    public var errorDescription: String? {
      switch self {
      case .revokedCertificate: "A certificate was revoked."
      case .invalidCertificateChain: "The certificate chain is not valid."
      case .invalidDeviceVerification: "The device verification is not valid."
      case .invalidEncoding: "The encoding is not valid."
      case .invalidSignature: "The signature is not valid."
      case .missingRequiredProperties: "Required properties are missing."
      }
    }

    /// Why it went wrong.
    public var failureReason: String? { errorDescription }

    /// What to do about it.
    public var recoverySuggestion: String? { nil }
  }
}

extension VerificationResult: Sendable where SignedType: Sendable {}

extension VerificationResult: Equatable where SignedType: Equatable {}

extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult: CustomDebugStringConvertible where SignedType: CustomDebugStringConvertible {
  /// The value's text, and whether it verified.
  public var debugDescription: String {
    switch self {
    case .verified(let value): "verified: \(value.debugDescription)"
    case .unverified(let value, let error): "unverified (\(error)): \(value.debugDescription)"
    }
  }
}
