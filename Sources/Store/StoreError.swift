/// A request the store refuses outright, before anything happens.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was refused and why.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
