/// What `ca show` prints: the authority's directory and its four certificates.
public struct CertificateAuthoritySummary: Hashable, Sendable, Codable {
  /// The directory holding the files.
  public var directory: String
  /// The root, intermediate, receipt-signing and JWS-signing certificates, in that order.
  public var certificates: [CertificateSummary]

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - directory: The directory holding the files.
  ///   - certificates: The certificates' summaries.
  public init(directory: String, certificates: [CertificateSummary]) {
    self.directory = directory
    self.certificates = certificates
  }
}
