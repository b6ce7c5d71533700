import Vocabulary

/// Why a saved world cannot be read: what is wrong, and where (a JSON path such as
/// `accounts[0].history[3].productId`, or a line and column for broken JSON).
public struct WorldFileError: StorebenchError, Hashable {
  /// What kind of failure this is.
  public var errorCode: ErrorCode { .invalidWorldFile }
  /// Where in the document, empty for the document as a whole.
  public var path: String
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The line and column of broken JSON, when that is what is wrong.
  public var position: TextPosition?

  /// `accounts[0].history[3].productId: unknown product "x"`, `line 3, column 14: not JSON: …`, or
  /// the reason alone.
  public var description: String {
    if let position { return "line \(position.line), column \(position.column): \(reason)" }
    return path.isEmpty ? reason : "\(path): \(reason)"
  }
}

extension ErrorCode {
  /// The file is not a saved world this version can read, or contradicts itself.
  public static let invalidWorldFile = ErrorCode("invalid_world_file")
}
