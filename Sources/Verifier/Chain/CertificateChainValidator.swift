import Foundation
import SwiftASN1
import X509

/// Validates Apple's three-level signing chain — leaf, intermediate, trusted root — at a given time,
/// naming the check that fails.
///
/// This is the fixed-shape validation Apple's own verifiers perform (Apple's App Store Server
/// Library, `SignedDataVerifier` and its chain verifier; "Validating receipts on the device"), not
/// general path building: the intermediate must be named as the leaf's issuer and have signed it, a
/// trusted root must be named as the intermediate's issuer and have signed it; the leaf must carry
/// 1.2.840.113635.100.6.11.1 and the intermediate 1.2.840.113635.100.6.2.1; all three must be X.509
/// v3 and valid at the validation time; the issuers must be CAs allowed to sign certificates, the
/// leaf must not be a CA, and no certificate may carry a critical extension other than basic
/// constraints and key usage. Trust comes only from `trustedRoots`; a root that travels with the
/// chain must be byte-identical to the trusted root it names, and any other carried certificate is
/// rejected, so nothing unverified rides along with a signature.
public struct CertificateChainValidator: Hashable, Sendable {
  /// The roots a chain may lead to.
  public var trustedRoots: [Certificate]

  /// Creates a validator.
  ///
  /// - Parameter trustedRoots: The roots a chain may lead to.
  public init(trustedRoots: [Certificate]) {
    self.trustedRoots = trustedRoots
  }

  /// Validates a signer's chain.
  ///
  /// - Parameters:
  ///   - leaf: The signing certificate.
  ///   - carried: The other certificates that travel with the signature: the intermediate and
  ///     optionally a copy of the root.
  ///   - time: The validation time (the virtual clock, or the receipt's creation date).
  /// - Throws: `VerificationFailure` with check `untrustedChain`, `missingLeafMarker`,
  ///   `missingIntermediateMarker`, `certificateValidity` or `certificateConstraints`.
  /// - Returns: The validated chain.
  public func validate(
    leaf: Certificate, carried: [Certificate], at time: Date
  ) throws(VerificationFailure)
    -> VerifiedChain
  {
    let intermediate = try issuer(of: leaf, at: .leaf, among: carried)
    let root = try issuer(of: intermediate, at: .intermediate, among: trustedRoots)
    if let stray = carried.first(where: { $0 != intermediate && $0 != root }) {
      throw VerificationFailure(
        .untrustedChain,
        "carried certificate \(stray.subject) is neither the intermediate nor the trusted root")
    }
    let chain = VerifiedChain(leaf: leaf, intermediate: intermediate, root: root)
    try checkMarkers(chain)
    for (position, certificate) in [(ChainPosition.leaf, leaf), (.intermediate, intermediate), (.root, root)]
    {
      try checkValidity(certificate, at: position, time: time)
      try checkProfile(certificate, at: position)
    }
    return chain
  }

  private func issuer(
    of certificate: Certificate, at position: ChainPosition, among pool: [Certificate]
  )
    throws(VerificationFailure) -> Certificate
  {
    let place = position.describe(certificate)
    let named = pool.filter { $0.subject == certificate.issuer && $0 != certificate }
    guard !named.isEmpty else {
      throw VerificationFailure(
        .untrustedChain,
        "\(place) names issuer \(certificate.issuer), which is not among \(position.issuerSource)")
    }
    guard
      let signer = named.first(where: {
        $0.publicKey.isValidSignature(certificate.signature, for: certificate)
      })
    else {
      throw VerificationFailure(.untrustedChain, "\(place) is not signed by the key of \(certificate.issuer)")
    }
    return signer
  }

  private func checkMarkers(_ chain: VerifiedChain) throws(VerificationFailure) {
    guard chain.leaf.extensions[oid: .appleLeafMarker] != nil else {
      throw VerificationFailure(
        .missingLeafMarker,
        "\(ChainPosition.leaf.describe(chain.leaf)) lacks extension \(ASN1ObjectIdentifier.appleLeafMarker)")
    }
    guard chain.intermediate.extensions[oid: .appleIntermediateMarker] != nil else {
      throw VerificationFailure(
        .missingIntermediateMarker,
        "\(ChainPosition.intermediate.describe(chain.intermediate)) lacks extension \(ASN1ObjectIdentifier.appleIntermediateMarker)"
      )
    }
  }

  private func checkValidity(
    _ certificate: Certificate, at position: ChainPosition, time: Date
  )
    throws(VerificationFailure)
  {
    guard DateInterval.contains(time, from: certificate.notValidBefore, to: certificate.notValidAfter) else {
      throw VerificationFailure(
        .certificateValidity,
        "\(position.describe(certificate)) is valid from \(certificate.notValidBefore.reasonDescription) to "
          + "\(certificate.notValidAfter.reasonDescription), not at \(time.reasonDescription)")
    }
  }

  private func checkProfile(
    _ certificate: Certificate, at position: ChainPosition
  ) throws(VerificationFailure) {
    let place = position.describe(certificate)
    guard certificate.version == .v3 else {
      throw VerificationFailure(.certificateConstraints, "\(place) is not an X.509 v3 certificate")
    }
    let handled: Set<ASN1ObjectIdentifier> = [.X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage]
    if let unhandled = certificate.extensions.first(where: { $0.critical && !handled.contains($0.oid) }) {
      throw VerificationFailure(
        .certificateConstraints, "\(place) has unhandled critical extension \(unhandled.oid)")
    }
    let constraints: BasicConstraints?
    let usage: KeyUsage?
    do {
      constraints = try certificate.extensions.basicConstraints
      usage = try certificate.extensions.keyUsage
    } catch {
      throw VerificationFailure(.certificateConstraints, "\(place) has a malformed extension: \(error)")
    }
    switch position {
    case .leaf:
      if case .isCertificateAuthority = constraints {
        throw VerificationFailure(
          .certificateConstraints, "\(place) is a CA and cannot sign receipts or tokens")
      }
      if let usage, !usage.digitalSignature {
        throw VerificationFailure(.certificateConstraints, "\(place) key usage lacks digitalSignature")
      }
    case .intermediate, .root:
      guard case .isCertificateAuthority(let maxPathLength) = constraints else {
        throw VerificationFailure(.certificateConstraints, "\(place) is not a CA (basic constraints)")
      }
      if let maxPathLength, maxPathLength < position.certificateAuthoritiesBelow {
        throw VerificationFailure(
          .certificateConstraints, "\(place) path length \(maxPathLength) is too short")
      }
      if let usage, !usage.keyCertSign {
        throw VerificationFailure(.certificateConstraints, "\(place) key usage lacks keyCertSign")
      }
    }
  }
}
