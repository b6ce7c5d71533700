import Crypto
import Foundation
import X509
import _CryptoExtras

/// The workbench's local certificate authority: a root, an Apple-style intermediate and two signing
/// leaves (RSA-2048 for receipts, P-256 for JWS), kept as PEM files in a directory.
///
/// The authority is created the first time a directory is used and loaded afterwards; only
/// `rotate(now:)` replaces it. ``AuthorityDirectory`` describes how the directory is written, locked
/// and repaired. Certificates are valid from 2000-01-01 to 2100-01-01 (widened to include the
/// creation time if that lies outside), so any virtual-clock time verifies. Private keys are PKCS#8
/// PEM files with mode 0600.
public struct CertificateAuthority: Sendable {
  /// The directory holding the authority's files.
  public let directory: URL
  var rootEntry: IssuedCertificate
  var intermediateEntry: IssuedCertificate
  var receiptSigningEntry: IssuedCertificate
  var jwsSigningEntry: IssuedCertificate
  var rootKey: P256.Signing.PrivateKey
  var intermediateKey: P256.Signing.PrivateKey
  /// The receipt-signing leaf's RSA key.
  var receiptSigningKey: _RSA.Signing.PrivateKey
  /// The JWS-signing leaf's P-256 key.
  var jwsSigningKey: P256.Signing.PrivateKey

  /// The self-signed root certificate.
  public var root: Certificate { rootEntry.certificate }
  /// The intermediate certificate.
  public var intermediate: Certificate { intermediateEntry.certificate }
  /// The RSA-2048 receipt-signing leaf certificate.
  public var receiptSigningCertificate: Certificate { receiptSigningEntry.certificate }
  /// The P-256 JWS-signing leaf certificate.
  public var jwsSigningCertificate: Certificate { jwsSigningEntry.certificate }

  /// Loads the authority kept in a directory, creating it there if the directory holds none of its
  /// files (``AuthorityDirectory/open(now:reusing:)``).
  ///
  /// - Parameters:
  ///   - directory: The directory; created with mode 0700 if missing.
  ///   - now: The current (virtual) time; new certificates' validity is widened to include it.
  /// - Throws: `CertificateAuthorityError` naming the file or directory, when some files are missing,
  ///   a file is unreadable or malformed, the files do not form one authority, or writing fails.
  /// - Returns: The loaded or new authority.
  public static func loadOrCreate(
    at directory: URL, now: Date
  ) throws(CertificateAuthorityError)
    -> CertificateAuthority
  {
    try AuthorityDirectory(directory).open(now: now)
  }

  /// Replaces every key and certificate with new ones, in one step on disk
  /// (``AuthorityDirectory/rotate(now:)``).
  ///
  /// - Parameter now: The current (virtual) time; validity is widened to include it.
  /// - Throws: `CertificateAuthorityError` when generation or writing fails.
  public mutating func rotate(now: Date) throws(CertificateAuthorityError) {
    self = try AuthorityDirectory(directory).rotate(now: now)
  }

  /// The root certificate, for handing to verifiers (`openssl -CAfile`, Apple's libraries).
  ///
  /// - Parameter format: DER bytes or a PEM document.
  /// - Returns: The encoded root certificate.
  public func exportRoot(format: CertificateExportFormat) -> [UInt8] {
    rootEntry.encoded(format)
  }

  /// A description of the four certificates for `ca show`.
  public var summary: CertificateAuthoritySummary {
    CertificateAuthoritySummary(
      directory: directory.path,
      certificates: CertificateRole.allCases.map { role in
        CertificateSummary(role: role, certificate: entry(role).certificate, der: entry(role).der)
      })
  }

  /// The certificate of one role.
  ///
  /// - Parameter role: The role.
  /// - Returns: The certificate.
  public func certificate(for role: CertificateRole) -> Certificate {
    entry(role).certificate
  }

  func entry(_ role: CertificateRole) -> IssuedCertificate {
    switch role {
    case .root: rootEntry
    case .intermediate: intermediateEntry
    case .receiptSigning: receiptSigningEntry
    case .jwsSigning: jwsSigningEntry
    }
  }
}
