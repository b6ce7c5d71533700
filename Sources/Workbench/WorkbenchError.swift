/// A command that could not be carried out, with the reason in words a user can act on.
public struct WorkbenchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
