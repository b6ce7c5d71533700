import Crypto
import Foundation
import X509
import _CryptoExtras

/// One certificate of the authority as `ca show` describes it.
public struct CertificateSummary: Hashable, Sendable, Codable {
  /// The certificate's role.
  public var role: CertificateRole
  /// The certificate file name.
  public var file: String
  /// The subject, such as `CN=storebench Root CA,O=storebench`.
  public var subject: String
  /// The issuer.
  public var issuer: String
  /// The serial number as colon-separated hex bytes.
  public var serialNumber: String
  /// The SHA-256 fingerprint of the DER certificate, colon-separated upper-case hex (as OpenSSL prints it).
  public var sha256Fingerprint: String
  /// The start of validity.
  public var notValidBefore: Date
  /// The end of validity.
  public var notValidAfter: Date
  /// The key type: `P-256`, `P-384`, `RSA-2048`, …
  public var keyType: String

  /// Describes a certificate.
  ///
  /// - Parameters:
  ///   - role: The certificate's role.
  ///   - certificate: The certificate.
  ///   - der: The certificate's DER encoding, for the fingerprint.
  public init(role: CertificateRole, certificate: Certificate, der: [UInt8]) {
    self.role = role
    self.file = role.certificateFileName
    self.subject = certificate.subject.description
    self.issuer = certificate.issuer.description
    self.serialNumber = Self.hex(certificate.serialNumber.bytes, uppercase: false)
    self.sha256Fingerprint = Self.hex(SHA256.hash(data: der), uppercase: true)
    self.notValidBefore = certificate.notValidBefore
    self.notValidAfter = certificate.notValidAfter
    self.keyType = Self.keyType(certificate.publicKey)
  }

  private static func keyType(_ key: Certificate.PublicKey) -> String {
    if P256.Signing.PublicKey(key) != nil { return "P-256" }
    if P384.Signing.PublicKey(key) != nil { return "P-384" }
    if P521.Signing.PublicKey(key) != nil { return "P-521" }
    if let rsa = _RSA.Signing.PublicKey(key) { return "RSA-\(rsa.keySizeInBits)" }
    return "other"
  }

  private static func hex(_ bytes: some Sequence<UInt8>, uppercase: Bool) -> String {
    bytes.map { String(format: uppercase ? "%02X" : "%02x", $0) }.joined(separator: ":")
  }
}
