/// What went wrong driving a ``TestStore``: a catalog that does not load, a clock span that does
/// not read, a step the world refuses. The message says what.
public struct TestStoreError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
