import Vocabulary

/// A queue operation refused before anything happened.
public struct QueueError: StorebenchError, Hashable {
  /// The stable kinds of failure.
  public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The request names something the queue does not hold.
    case notFound = "not-found"
    /// What was asked for is done or exists already.
    case conflict = "conflict"
    /// A value is malformed or out of range.
    case invalidValue = "invalid-value"
    /// The request is well formed but the current state does not allow it.
    case notAllowed = "not-allowed"
    /// A saved state being restored contradicts itself.
    case inconsistentState = "inconsistent-state"

    /// The code as programs read it, such as `not-found`.
    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What was refused and why.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - reason: What was refused and why, in words a user can act on.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }
}
