/// How to encode an exported certificate.
public enum CertificateExportFormat: String, Hashable, Sendable, Codable, CaseIterable {
  /// Binary DER.
  case der
  /// A PEM `CERTIFICATE` document.
  case pem
}
