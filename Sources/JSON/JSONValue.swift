/// A parsed JSON document, keeping object keys in the order they were written and numbers as the
/// text they were written as, so that errors can quote the input exactly.
public indirect enum JSONValue: Hashable, Sendable {
  /// `{…}`, keys in source order.
  case object([JSONMember])
  /// `[…]`.
  case array([JSONValue])
  /// A string.
  case string(String)
  /// A number, as written.
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// The value as it would appear in an error message: strings quoted, containers summarized.
  public var quoted: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string(let text): "\"\(text)\""
    case .number(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }
}
