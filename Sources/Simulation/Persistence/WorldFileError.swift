/// Why a saved world cannot be read: what is wrong, and where (a JSON path such as
/// `accounts[0].history[3].productId`, or a line and column for broken JSON).
public struct WorldFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in the document, empty for the document as a whole.
  public var path: String
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `accounts[0].history[3].productId: unknown product "x"`, or the reason alone.
  public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
