/// Something the simulated world could not do, with the reason in words a user can act on.
public struct SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
