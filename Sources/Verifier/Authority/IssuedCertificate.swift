import SwiftASN1
import X509

/// A certificate together with its DER and PEM encodings, so exports, fingerprints and the check
/// that a directory still holds the same root need no re-encoding.
struct IssuedCertificate: Hashable, Sendable {
  var certificate: Certificate
  var der: [UInt8]
  /// The PEM file's bytes, with a final line break.
  var pem: [UInt8]

  /// Wraps a freshly issued certificate.
  init(_ certificate: Certificate) throws {
    var serializer = DER.Serializer()
    try serializer.serialize(certificate)
    self.certificate = certificate
    self.der = serializer.serializedBytes
    self.pem = Self.pem(serializer.serializedBytes)
  }

  /// Reads a PEM certificate file's contents.
  init(pem: String, path: String) throws(CertificateAuthorityError) {
    do {
      let document = try PEMDocument(pemString: pem)
      guard document.discriminator == "CERTIFICATE" else {
        throw CertificateAuthorityError(
          .malformedFile, path: path, "expected a CERTIFICATE PEM block, found \(document.discriminator)")
      }
      self.certificate = try Certificate(derEncoded: document.derBytes)
      self.der = document.derBytes
      self.pem = Self.pem(document.derBytes)
    } catch let error as CertificateAuthorityError {
      throw error
    } catch {
      throw CertificateAuthorityError(.malformedFile, path: path, "not a PEM certificate: \(error)")
    }
  }

  func encoded(_ format: CertificateExportFormat) -> [UInt8] {
    switch format {
    case .der: der
    case .pem: pem
    }
  }

  private static func pem(_ der: [UInt8]) -> [UInt8] {
    Array(PEMDocument(type: "CERTIFICATE", derBytes: der).pemString.utf8) + [UInt8(ascii: "\n")]
  }
}
