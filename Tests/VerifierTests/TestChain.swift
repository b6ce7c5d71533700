import Crypto
import Foundation
import SwiftASN1
import Testing
import Verifier
import X509

/// A three-level P-256 chain built with deliberate defects, for the validator's negative tests.
struct TestChain {
  struct Options {
    var leafMarker = true
    var intermediateMarker = true
    var leafIsCertificateAuthority = false
    var intermediateIsCertificateAuthority = true
    var leafCriticalExtension: ASN1ObjectIdentifier? = nil
    var leafNotValidAfter = Date(timeIntervalSince1970: 4_102_444_800)
  }

  var root: Certificate
  var intermediate: Certificate
  var leaf: Certificate
  var leafKey: P256.Signing.PrivateKey
  var intermediateKey: P256.Signing.PrivateKey

  init(_ options: Options = Options()) throws {
    let rootKey = P256.Signing.PrivateKey()
    intermediateKey = P256.Signing.PrivateKey()
    leafKey = P256.Signing.PrivateKey()
    let rootName = try DistinguishedName { CommonName("Test Root") }
    let intermediateName = try DistinguishedName { CommonName("Test Intermediate") }
    let marker: [UInt8] = [0x05, 0x00]
    root = try Self.issue(
      subject: rootName, key: rootKey.publicKey, issuer: rootName, issuerKey: rootKey,
      extensions: [
        try Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: true)
      ])
    var intermediateExtensions = [
      try Certificate.Extension(
        options.intermediateIsCertificateAuthority
          ? BasicConstraints.isCertificateAuthority(maxPathLength: 0) : .notCertificateAuthority,
        critical: true)
    ]
    if options.intermediateMarker {
      intermediateExtensions.append(
        Certificate.Extension(oid: .appleIntermediateMarker, critical: false, value: marker[...]))
    }
    intermediate = try Self.issue(
      subject: intermediateName, key: intermediateKey.publicKey, issuer: rootName, issuerKey: rootKey,
      extensions: intermediateExtensions)
    var leafExtensions = [
      try Certificate.Extension(
        options.leafIsCertificateAuthority
          ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority,
        critical: true)
    ]
    if options.leafMarker {
      leafExtensions.append(Certificate.Extension(oid: .appleLeafMarker, critical: false, value: marker[...]))
    }
    if let critical = options.leafCriticalExtension {
      leafExtensions.append(Certificate.Extension(oid: critical, critical: true, value: marker[...]))
    }
    leaf = try Self.issue(
      subject: try DistinguishedName { CommonName("Test Leaf") }, key: leafKey.publicKey,
      issuer: intermediateName,
      issuerKey: intermediateKey, extensions: leafExtensions, notValidAfter: options.leafNotValidAfter)
  }

  /// Issues another marked leaf under the intermediate, with a chosen key and serial number.
  func issueLeaf(
    publicKey: Certificate.PublicKey, serialNumber: Certificate.SerialNumber
  ) throws -> Certificate {
    try Certificate(
      version: .v3, serialNumber: serialNumber, publicKey: publicKey,
      notValidBefore: Date(timeIntervalSince1970: 946_684_800),
      notValidAfter: Date(timeIntervalSince1970: 4_102_444_800),
      issuer: intermediate.subject, subject: try DistinguishedName { CommonName("Test Receipt Leaf") },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions([
        try Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true),
        Certificate.Extension(oid: .appleLeafMarker, critical: false, value: [0x05, 0x00]),
      ]),
      issuerPrivateKey: Certificate.PrivateKey(intermediateKey))
  }

  private static func issue(
    subject: DistinguishedName, key: P256.Signing.PublicKey, issuer: DistinguishedName,
    issuerKey: P256.Signing.PrivateKey, extensions: [Certificate.Extension],
    notValidAfter: Date = Date(timeIntervalSince1970: 4_102_444_800)
  ) throws -> Certificate {
    try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key),
      notValidBefore: Date(timeIntervalSince1970: 946_684_800), notValidAfter: notValidAfter, issuer: issuer,
      subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions(extensions),
      issuerPrivateKey: Certificate.PrivateKey(issuerKey))
  }

  /// Validates the chain against its own root.
  func validate(at time: Date = Fixtures.now) throws(VerificationFailure) -> VerifiedChain {
    try CertificateChainValidator(trustedRoots: [root]).validate(
      leaf: leaf, carried: [intermediate, root], at: time)
  }
}
