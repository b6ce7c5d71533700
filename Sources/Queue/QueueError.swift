/// A queue operation refused before anything happened.
public struct QueueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was refused and why.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
