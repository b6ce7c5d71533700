import Foundation
import SwiftASN1
import Testing
import Verifier
@_spi(FixedExpiryValidationTime) import X509

/// The marker-extension policy of Apple's libraries, for cross-checking with swift-certificates.
struct AppleMarkerPolicy: VerifierPolicy {
  let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

  func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
    guard chain.count == 3 else { return .failsToMeetPolicy(reason: "chain length \(chain.count)") }
    guard chain[0].extensions[oid: .appleLeafMarker] != nil else {
      return .failsToMeetPolicy(reason: "leaf marker")
    }
    guard chain[1].extensions[oid: .appleIntermediateMarker] != nil else {
      return .failsToMeetPolicy(reason: "intermediate marker")
    }
    return .meetsPolicy
  }
}

@Suite struct CertificateChainValidatorTests {
  let authority = Fixtures.authority
  var validator: CertificateChainValidator { CertificateChainValidator(trustedRoots: [authority.root]) }

  @Test(arguments: [CertificateRole.receiptSigning, .jwsSigning])
  func authorityLeavesValidateWithMarkers(role: CertificateRole) throws {
    let leaf = authority.certificate(for: role)
    let chain = try validator.validate(
      leaf: leaf, carried: [authority.intermediate, authority.root], at: Fixtures.now)
    #expect(
      chain.leaf == leaf && chain.intermediate == authority.intermediate && chain.root == authority.root)
    #expect(chain.isValid(at: Date(timeIntervalSince1970: 946_684_800)))
    #expect(!chain.isValid(at: Date(timeIntervalSince1970: 4_102_444_801)))
  }

  @Test(arguments: [CertificateRole.receiptSigning, .jwsSigning])
  func swiftCertificatesAgreesWithTheChain(role: CertificateRole) async throws {
    var verifier = Verifier(rootCertificates: CertificateStore([authority.root])) {
      RFC5280Policy(fixedExpiryValidationTime: Fixtures.now)
      AppleMarkerPolicy()
    }
    let result = await verifier.validate(
      leaf: authority.certificate(for: role), intermediates: CertificateStore([authority.intermediate]))
    guard case .validCertificate(let chain) = result else {
      Issue.record("swift-certificates rejected the chain: \(result)")
      return
    }
    #expect(Array(chain) == [authority.certificate(for: role), authority.intermediate, authority.root])
  }

  @Test func validityIsCheckedAtTheGivenTime() {
    let carried = [authority.intermediate]
    let leaf = authority.jwsSigningCertificate
    #expect(
      failedCheck {
        try validator.validate(leaf: leaf, carried: carried, at: Date(timeIntervalSince1970: 4_200_000_000))
      } == .certificateValidity)
    #expect(
      failedCheck { try validator.validate(leaf: leaf, carried: carried, at: Date(timeIntervalSince1970: 0)) }
        == .certificateValidity)
    #expect(
      failedCheck {
        try validator.validate(leaf: leaf, carried: carried, at: Date(timeIntervalSince1970: 4_102_444_800))
      } == nil)
  }

  @Test func anotherRootIsUntrusted() {
    let other = CertificateChainValidator(trustedRoots: [Fixtures.otherAuthority.root])
    #expect(
      failedCheck {
        try other.validate(
          leaf: authority.jwsSigningCertificate, carried: [authority.intermediate], at: Fixtures.now)
      } == .untrustedChain)
  }

  @Test func missingIntermediateIsUntrusted() {
    #expect(
      failedCheck {
        try validator.validate(
          leaf: authority.jwsSigningCertificate, carried: [authority.root], at: Fixtures.now)
      } == .untrustedChain)
  }

  @Test func strayCarriedCertificateIsRejected() {
    let stray = Fixtures.otherAuthority.root
    #expect(
      failedCheck {
        try validator.validate(
          leaf: authority.jwsSigningCertificate, carried: [authority.intermediate, stray], at: Fixtures.now)
      } == .untrustedChain)
  }

  @Test func wellFormedTestChainValidates() throws {
    let chain = try TestChain()
    #expect(failedCheck { try chain.validate() } == nil)
  }

  @Test func missingLeafMarkerIsNamed() throws {
    let chain = try TestChain(.init(leafMarker: false))
    #expect(failedCheck { try chain.validate() } == .missingLeafMarker)
  }

  @Test func missingIntermediateMarkerIsNamed() throws {
    let chain = try TestChain(.init(intermediateMarker: false))
    #expect(failedCheck { try chain.validate() } == .missingIntermediateMarker)
  }

  @Test func leafThatIsACertificateAuthorityIsRejected() throws {
    let chain = try TestChain(.init(leafIsCertificateAuthority: true))
    #expect(failedCheck { try chain.validate() } == .certificateConstraints)
  }

  @Test func intermediateThatIsNoCertificateAuthorityIsRejected() throws {
    let chain = try TestChain(.init(intermediateIsCertificateAuthority: false))
    #expect(failedCheck { try chain.validate() } == .certificateConstraints)
  }

  @Test func unknownCriticalExtensionIsRejected() throws {
    let chain = try TestChain(.init(leafCriticalExtension: [1, 2, 3, 4]))
    #expect(failedCheck { try chain.validate() } == .certificateConstraints)
  }

  @Test func expiredLeafIsNamed() throws {
    let chain = try TestChain(.init(leafNotValidAfter: Fixtures.date(-1)))
    let rejection = try #require(failure { try chain.validate() })
    #expect(rejection.check == .certificateValidity)
    #expect(rejection.reason.hasPrefix("leaf (CN=Test Leaf)"))
  }
}

extension CertificateChainValidatorTests {
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
  func nonsenseValidationTimesAreRejectedWithoutCrashing(seconds: Double) {
    let rejection = failure {
      try validator.validate(
        leaf: authority.jwsSigningCertificate, carried: [authority.intermediate],
        at: Date(timeIntervalSince1970: seconds))
    }
    #expect(rejection?.check == .certificateValidity)
  }
}
