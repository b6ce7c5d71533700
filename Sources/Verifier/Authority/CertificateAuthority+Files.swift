import Crypto
import Foundation
import X509
import _CryptoExtras

extension CertificateAuthority {
  /// Loads the eight files of an authority and checks that they form one.
  static func load(from directory: URL) throws(CertificateAuthorityError) -> CertificateAuthority {
    func certificate(_ role: CertificateRole) throws(CertificateAuthorityError) -> IssuedCertificate {
      let url = directory.appendingPathComponent(role.certificateFileName)
      return try IssuedCertificate(pem: try AuthorityFiles.readText(url), path: url.path)
    }
    func p256Key(_ role: CertificateRole) throws(CertificateAuthorityError) -> P256.Signing.PrivateKey {
      let url = directory.appendingPathComponent(role.keyFileName)
      let text = try AuthorityFiles.readText(url)
      do {
        return try P256.Signing.PrivateKey(pemRepresentation: text)
      } catch {
        throw CertificateAuthorityError(
          .malformedFile, path: url.path, "not a P-256 PKCS#8 PEM private key: \(error)")
      }
    }
    let rsaURL = directory.appendingPathComponent(CertificateRole.receiptSigning.keyFileName)
    let rsaText = try AuthorityFiles.readText(rsaURL)
    let receiptSigningKey: _RSA.Signing.PrivateKey
    do {
      receiptSigningKey = try _RSA.Signing.PrivateKey(pemRepresentation: rsaText)
    } catch {
      throw CertificateAuthorityError(
        .malformedFile, path: rsaURL.path, "not an RSA PKCS#8 PEM private key: \(error)")
    }
    let authority = CertificateAuthority(
      directory: directory,
      rootEntry: try certificate(.root), intermediateEntry: try certificate(.intermediate),
      receiptSigningEntry: try certificate(.receiptSigning), jwsSigningEntry: try certificate(.jwsSigning),
      rootKey: try p256Key(.root), intermediateKey: try p256Key(.intermediate),
      receiptSigningKey: receiptSigningKey, jwsSigningKey: try p256Key(.jwsSigning))
    try authority.checkConsistency()
    return authority
  }

  /// The names of an authority's eight files.
  static let fileNames = CertificateRole.allCases.flatMap { [$0.certificateFileName, $0.keyFileName] }

  /// One of the authority's files, as it is written.
  struct File {
    var name: String
    var contents: [UInt8]
    var mode: mode_t
  }

  /// The authority's eight files: each certificate as PEM (mode 0644), each key as PKCS#8 PEM
  /// (mode 0600), in the order of ``fileNames``.
  var files: [File] {
    CertificateRole.allCases.flatMap { role in
      [
        File(name: role.certificateFileName, contents: entry(role).encoded(.pem), mode: 0o644),
        File(name: role.keyFileName, contents: Array(keyPEM(role).utf8), mode: 0o600),
      ]
    }
  }

  private func url(_ fileName: String) -> URL {
    directory.appendingPathComponent(fileName)
  }

  private func keyPEM(_ role: CertificateRole) -> String {
    switch role {
    case .root: rootKey.pemRepresentation + "\n"
    case .intermediate: intermediateKey.pemRepresentation + "\n"
    case .receiptSigning: receiptSigningKey.pkcs8PEMRepresentation + "\n"
    case .jwsSigning: jwsSigningKey.pemRepresentation + "\n"
    }
  }

  private func publicKey(_ role: CertificateRole) -> Certificate.PublicKey {
    switch role {
    case .root: Certificate.PublicKey(rootKey.publicKey)
    case .intermediate: Certificate.PublicKey(intermediateKey.publicKey)
    case .receiptSigning: Certificate.PublicKey(receiptSigningKey.publicKey)
    case .jwsSigning: Certificate.PublicKey(jwsSigningKey.publicKey)
    }
  }

  private func issuer(of role: CertificateRole) -> CertificateRole {
    switch role {
    case .root: .root
    case .intermediate: .root
    case .receiptSigning, .jwsSigning: .intermediate
    }
  }

  /// Checks that every key matches its certificate, every certificate was issued by the one above
  /// it, and the markers are in place.
  private func checkConsistency() throws(CertificateAuthorityError) {
    for role in CertificateRole.allCases {
      let certificate = entry(role).certificate
      guard certificate.publicKey == publicKey(role) else {
        throw CertificateAuthorityError(
          .inconsistentAuthority, path: url(role.keyFileName).path,
          "key does not match \(role.certificateFileName)")
      }
      let issuingRole = issuer(of: role)
      let issuing = entry(issuingRole).certificate
      guard certificate.issuer == issuing.subject,
        issuing.publicKey.isValidSignature(certificate.signature, for: certificate)
      else {
        throw CertificateAuthorityError(
          .inconsistentAuthority, path: url(role.certificateFileName).path,
          "not issued by \(issuingRole.certificateFileName)")
      }
    }
    let validator = CertificateChainValidator(trustedRoots: [root])
    for leaf in [receiptSigningCertificate, jwsSigningCertificate] {
      do {
        let insideValidity = max(leaf.notValidBefore, intermediate.notValidBefore, root.notValidBefore)
        _ = try validator.validate(leaf: leaf, carried: [intermediate], at: insideValidity)
      } catch {
        throw CertificateAuthorityError(
          .inconsistentAuthority, path: directory.path, "chain check failed: \(error)")
      }
    }
  }
}
