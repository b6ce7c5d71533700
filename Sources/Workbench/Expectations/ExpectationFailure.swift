/// An `expect` that did not hold: what was expected and what was found.
public struct ExpectationFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// `expected …, found …`.
  public var description: String

  /// Creates a failure.
  public init(_ description: String) {
    self.description = description
  }
}
