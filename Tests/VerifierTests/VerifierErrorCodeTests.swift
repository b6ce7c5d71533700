import Testing
import Verifier
import Vocabulary

/// The Verifier's errors are ``StorebenchError``s: each carries a code from the vocabulary every
/// module shares, beside its own finer code or check, and reads as it did.
@Suite struct VerifierErrorCodeTests {
  @Test func aSigningErrorIsASigningFailure() {
    let error = SigningError(.dateOutOfRange, "year 10000")
    let shared: any StorebenchError = error
    #expect(shared.errorCode == .signingFailed)
    #expect(shared.errorCode.rawValue == "signing_failed")
    #expect(error.code == .dateOutOfRange)
    #expect(shared.description == "date-out-of-range: year 10000")
    #expect(shared.reason == "year 10000")
  }

  @Test func aCertificateAuthorityErrorIsACertificateAuthorityFailure() {
    let error = CertificateAuthorityError(.malformedFile, path: "ca/root.pem", "not PEM")
    let shared: any StorebenchError = error
    #expect(shared.errorCode.rawValue == "certificate_authority")
    #expect(error.code == .malformedFile)
    #expect(shared.description == "ca/root.pem: malformed-file: not PEM")
  }

  @Test func aVerificationFailureIsAVerificationFailedCode() {
    let failure = VerificationFailure(.malformedContainer, "not DER")
    let shared: any StorebenchError = failure
    #expect(shared.errorCode.rawValue == "verification_failed")
    #expect(failure.code == "malformed-container")
    #expect(shared.description == "malformed-container: not DER")
  }

  @Test func theThreeCodesDiffer() {
    #expect(Set([ErrorCode.signingFailed, .certificateAuthority, .verificationFailed]).count == 3)
  }
}
