import Vocabulary

/// Why the local certificate authority could not be loaded, created or rotated.
public struct CertificateAuthorityError: StorebenchError, Hashable {
  /// A stable classification of a certificate-authority failure.
  public enum Code: String, Hashable, Sendable, Codable {
    /// The directory path exists but is not a directory, or cannot be created.
    case notADirectory = "not-a-directory"
    /// Some of the authority's files exist and others are missing.
    case incompleteAuthority = "incomplete-authority"
    /// A file cannot be read.
    case unreadableFile = "unreadable-file"
    /// A file is not the PEM certificate or PKCS#8 PEM key it should be.
    case malformedFile = "malformed-file"
    /// The files do not form one authority: a key does not match its certificate, or a certificate
    /// is not issued by the one above it.
    case inconsistentAuthority = "inconsistent-authority"
    /// A file cannot be written or renamed into place.
    case writeFailed = "write-failed"
    /// A key or certificate cannot be generated.
    case generationFailed = "generation-failed"
    /// The directory holds files that are not the authority's, which replacing it would lose.
    case foreignFiles = "foreign-files"
  }

  /// What kind of failure this is.
  public var code: Code
  /// The file or directory concerned.
  public var path: String
  /// What failed, in words.
  public var reason: String
  /// The shared code (`certificate_authority`) of every authority failure; ``code`` tells which.
  public var errorCode: ErrorCode { .certificateAuthority }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - path: The file or directory concerned.
  ///   - reason: What failed.
  public init(_ code: Code, path: String, _ reason: String) {
    self.code = code
    self.path = path
    self.reason = reason
  }

  /// Whether rotating the authority (which replaces whatever its directory holds by a new
  /// authority) repairs this failure.
  public var isRepairedByRotation: Bool {
    switch code {
    case .incompleteAuthority, .malformedFile, .inconsistentAuthority: true
    case .notADirectory, .unreadableFile, .writeFailed, .generationFailed, .foreignFiles: false
    }
  }

  /// `path: code: reason`.
  public var description: String { "\(path): \(code.rawValue): \(reason)" }
}
