import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

extension CertificateAuthority {
  /// The start of every certificate's validity, 2000-01-01T00:00:00Z.
  static let validFrom = Date(timeIntervalSince1970: 946_684_800)
  /// The end of every certificate's validity, 2100-01-01T00:00:00Z.
  static let validUntil = Date(timeIntervalSince1970: 4_102_444_800)

  /// Generates new keys and certificates for a directory, without writing them.
  static func generate(in directory: URL, now: Date) throws(CertificateAuthorityError) -> CertificateAuthority
  {
    do {
      let validity = min(validFrom, now)...max(validUntil, now.addingTimeInterval(10 * 365 * 86_400))
      let rootKey = P256.Signing.PrivateKey()
      let intermediateKey = P256.Signing.PrivateKey()
      let receiptKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
      let jwsKey = P256.Signing.PrivateKey()
      let rootName = try name("storebench Root CA")
      let rootPublicKey = Certificate.PublicKey(rootKey.publicKey)
      let root = try issue(
        .root, subject: rootName, publicKey: rootPublicKey, issuer: rootName,
        issuerKey: rootKey, issuerPublicKey: rootPublicKey, validity: validity)
      let intermediate = try issue(
        .intermediate, subject: try name("storebench Worldwide Developer Relations Intermediate"),
        publicKey: Certificate.PublicKey(intermediateKey.publicKey), issuer: rootName,
        issuerKey: rootKey, issuerPublicKey: rootPublicKey, validity: validity)
      func leaf(
        _ role: CertificateRole, _ commonName: String, _ publicKey: Certificate.PublicKey
      ) throws
        -> Certificate
      {
        try issue(
          role, subject: try name(commonName), publicKey: publicKey, issuer: intermediate.subject,
          issuerKey: intermediateKey, issuerPublicKey: intermediate.publicKey, validity: validity)
      }
      return CertificateAuthority(
        directory: directory,
        rootEntry: try IssuedCertificate(root),
        intermediateEntry: try IssuedCertificate(intermediate),
        receiptSigningEntry: try IssuedCertificate(
          leaf(
            .receiptSigning, "storebench Mac App Store and iTunes Store Receipt Signing",
            Certificate.PublicKey(receiptKey.publicKey))),
        jwsSigningEntry: try IssuedCertificate(
          leaf(.jwsSigning, "storebench App Store JWS Signing", Certificate.PublicKey(jwsKey.publicKey))),
        rootKey: rootKey, intermediateKey: intermediateKey, receiptSigningKey: receiptKey,
        jwsSigningKey: jwsKey)
    } catch {
      throw CertificateAuthorityError(
        .generationFailed, path: directory.path, "generating keys and certificates: \(error)")
    }
  }

  private static func name(_ commonName: String) throws -> DistinguishedName {
    try DistinguishedName {
      OrganizationName("storebench")
      CommonName(commonName)
    }
  }

  /// Issues one certificate with the extensions its role needs, signed ECDSA P-256 with SHA-256.
  private static func issue(
    _ role: CertificateRole, subject: DistinguishedName, publicKey: Certificate.PublicKey,
    issuer: DistinguishedName, issuerKey: P256.Signing.PrivateKey, issuerPublicKey: Certificate.PublicKey,
    validity: ClosedRange<Date>
  ) throws -> Certificate {
    let issuerKeyIdentifier = SubjectKeyIdentifier(hash: issuerPublicKey).keyIdentifier
    let extensions = try Certificate.Extensions(
      [
        try Certificate.Extension(SubjectKeyIdentifier(hash: publicKey), critical: false),
        try Certificate.Extension(
          AuthorityKeyIdentifier(keyIdentifier: issuerKeyIdentifier), critical: false),
      ] + roleExtensions(role))
    return try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
      notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: issuer,
      subject: subject,
      signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
      issuerPrivateKey: Certificate.PrivateKey(issuerKey))
  }

  /// Basic constraints, key usage and Apple's marker, as a real CA of that role writes them.
  private static func roleExtensions(_ role: CertificateRole) throws -> [Certificate.Extension] {
    let appleMarkerValue: [UInt8] = [0x05, 0x00]
    switch role {
    case .root:
      return [
        try Certificate.Extension(
          BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: true),
        try Certificate.Extension(KeyUsage(keyCertSign: true, cRLSign: true), critical: true),
      ]
    case .intermediate:
      return [
        try Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: 0), critical: true),
        try Certificate.Extension(KeyUsage(keyCertSign: true, cRLSign: true), critical: true),
        Certificate.Extension(oid: .appleIntermediateMarker, critical: false, value: appleMarkerValue[...]),
      ]
    case .receiptSigning, .jwsSigning:
      return [
        try Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true),
        try Certificate.Extension(KeyUsage(digitalSignature: true), critical: true),
        Certificate.Extension(oid: .appleLeafMarker, critical: false, value: appleMarkerValue[...]),
      ]
    }
  }
}
