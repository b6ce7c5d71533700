import Vocabulary

/// The codes of the Verifier's errors in the vocabulary every module shares, one per error type;
/// each error's own `code` or `check` says more.
extension ErrorCode {
  /// A receipt, a signed payload or a token could not be signed (``SigningError``).
  public static let signingFailed = ErrorCode("signing_failed")
  /// The certificate authority could not be loaded, created, rotated or used
  /// (``CertificateAuthorityError``).
  public static let certificateAuthority = ErrorCode("certificate_authority")
  /// A receipt or a signed token was rejected: a check failed (``VerificationFailure``).
  public static let verificationFailed = ErrorCode("verification_failed")
}
