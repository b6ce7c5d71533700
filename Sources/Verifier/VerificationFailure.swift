import Vocabulary

/// Why a receipt or a signed token was rejected: the failed check and a reason naming what and where.
public struct VerificationFailure: StorebenchError, Hashable, Codable {
  /// The check that failed.
  public var check: VerificationCheck
  /// What failed and where, in words.
  public var reason: String
  /// The shared code (`verification_failed`) of every rejection; ``check`` tells which check failed.
  public var errorCode: ErrorCode { .verificationFailed }

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - check: The check that failed.
  ///   - reason: What failed and where.
  public init(_ check: VerificationCheck, _ reason: String) {
    self.check = check
    self.reason = reason
  }

  /// The stable code of the failed check, such as `signature-mismatch`.
  public var code: String { check.rawValue }

  /// `code: reason`.
  public var description: String { "\(code): \(reason)" }
}
