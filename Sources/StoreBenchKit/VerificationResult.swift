/// StoreKit 2's `VerificationResult`: a signed value and what StoreKit's check of its JWS found. The
/// JWS is real: signed by the local certificate authority and verified against its root.
public enum VerificationResult<SignedType: Sendable>: Sendable {
  /// The JWS verified.
  case verified(SignedType, jws: String)
  /// The JWS failed the check.
  case unverified(SignedType, VerificationError, jws: String)

  /// Why a JWS failed StoreKit's check, by Apple's case names.
  public enum VerificationError: String, Error, Sendable, CaseIterable {
    case invalidCertificateChain, invalidDeviceVerification, invalidEncoding, invalidSignature
    case missingRequiredProperties, revokedCertificate
  }

  /// The value, if it verified.
  ///
  /// - Throws: The ``VerificationError`` otherwise.
  public var payloadValue: SignedType {
    get throws {
      switch self {
      case .verified(let value, _): return value
      case .unverified(_, let error, _): throw error
      }
    }
  }

  /// The value, verified or not.
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value, _), .unverified(let value, _, _): value
    }
  }

  /// The compact JWS.
  public var jwsRepresentation: String {
    switch self {
    case .verified(_, let jws), .unverified(_, _, let jws): jws
    }
  }
}
