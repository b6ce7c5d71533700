import Vocabulary

/// Why an artifact could not be imported: what is wrong, and where (`receipt r.b64: ...`).
public struct ImportError: StorebenchError, Hashable {
  /// The stable kinds of failure.
  public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The customer's data cannot be read, verified or merged.
    case invalidCustomerData = "invalid-customer-data"

    /// The code as programs read it.
    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public var code: Code { .invalidCustomerData }
  /// What failed and why, with the data's source first.
  public var reason: String { description }
  /// The whole message, naming the source.
  public let description: String

  /// An error with `message` about `source`.
  public init(_ source: String, _ message: String) {
    description = "\(source): \(message)"
  }
}
