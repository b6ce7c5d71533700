import Vocabulary

/// Why an artifact could not be imported: what is wrong, and where (`receipt r.b64: ...`).
public struct ImportError: StorebenchError, Hashable {
  /// What kind of failure this is.
  public var errorCode: ErrorCode { .invalidCustomerData }
  /// What failed and why, with the data's source first.
  public var reason: String { description }
  /// The whole message, naming the source.
  public let description: String

  /// An error with `message` about `source`.
  public init(_ source: String, _ message: String) {
    description = "\(source): \(message)"
  }
}

extension ErrorCode {
  /// The customer's data cannot be read, verified or merged.
  public static let invalidCustomerData = ErrorCode("invalid_customer_data")
}
