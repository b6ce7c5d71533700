import Vocabulary

/// Why a receipt or a token could not be produced.
public struct SigningError: StorebenchError, Hashable {
  /// A stable classification of a signing failure.
  public enum Code: String, Hashable, Sendable, Codable {
    /// A date cannot be written in the wire format (receipt dates: years 0000–9999).
    case dateOutOfRange = "date-out-of-range"
    /// A value cannot be encoded (ASN.1 or JSON).
    case encodingFailed = "encoding-failed"
    /// The cryptographic signing operation failed.
    case signingFailed = "signing-failed"
  }

  /// What kind of failure this is.
  public var code: Code
  /// What failed and where, in words.
  public var reason: String
  /// The shared code (`signing_failed`) of every signing failure; ``code`` tells which step failed.
  public var errorCode: ErrorCode { .signingFailed }

  /// Creates a signing error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What failed and where.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// `code: reason`.
  public var description: String { "\(code.rawValue): \(reason)" }
}
