/// StoreKit 2's `VerificationResult`: whether the signed transaction the device got passed
/// StoreKit's check. storebench signs every transaction with its local authority and verifies it
/// for real against the local root; `unverified-next` damages the next one so that the check fails.
public enum VerificationResult: Hashable, Sendable, CustomStringConvertible {
  /// `.verified(_:)`: the JWS verified.
  case verified
  /// `.unverified(_:_:)` with the `VerificationError` the check found.
  case unverified(VerificationError)

  /// Whether it verified.
  public var isVerified: Bool { self == .verified }

  /// `verified`, or `unverified invalidSignature`.
  public var description: String {
    switch self {
    case .verified: "verified"
    case .unverified(let error): "unverified \(error.rawValue)"
    }
  }
}
