/// Why an artifact could not be imported: what is wrong, and where (`receipt r.b64: ...`).
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The whole message, naming the source.
  public let description: String

  /// An error with `message` about `source`.
  public init(_ source: String, _ message: String) {
    description = "\(source): \(message)"
  }
}
