import Vocabulary

/// A command that could not be carried out, with the reason in words a user can act on.
public struct WorkbenchError: StorebenchError, Hashable {
  /// The stable kinds of failure.
  public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The command names something that does not exist (an observer, a transaction, a help topic).
    case notFound = "not-found"
    /// What was asked for is done or exists already.
    case conflict = "conflict"
    /// An argument or an input is malformed or out of range.
    case invalidValue = "invalid-value"
    /// The request is well formed but the current state does not allow it.
    case notAllowed = "not-allowed"
    /// A file, a directory or a saved world cannot be read or written.
    case file = "file"
    /// A benchmark could not set up or measure what it runs.
    case benchmark = "benchmark"

    /// The code as programs read it, such as `not-found`.
    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What failed and why.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What failed and why, in words a user can act on.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// Where in a file it points, such as a script's byte that is not UTF-8.
  public var sourceLocation: SourceLocation?

  /// Creates an error that points into a file.
  public init(_ code: Code, _ message: String, at location: SourceLocation) {
    self.init(code, message)
    sourceLocation = location
  }

  /// The reason, after its place when it has one: `FILE:LINE:COLUMN: invalid UTF-8`.
  public var description: String { sourceLocation.map { "\($0): \(reason)" } ?? reason }
}

extension WorkbenchError: LocatedError {
  /// The reason without the place.
  public var message: String { reason }
}
