/// One member's value of a request body, as JSON typed it: what a request reader needs to tell a
/// missing field from one of the wrong type.
public enum JSONScalar: Decodable, Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number that is a whole 64-bit integer.
  case integer(Int64)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// An object or an array.
  case structure

  /// Reads one value, whatever its type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = Self.attempt({ try container.decode(Bool.self) }) {
      self = .bool(value)
    } else if let value = Self.attempt({ try container.decode(Int64.self) }) {
      self = .integer(value)
    } else if let value = Self.attempt({ try container.decode(Double.self) }) {
      self = .number(value)
    } else if let value = Self.attempt({ try container.decode(String.self) }) {
      self = .string(value)
    } else {
      self = .structure
    }
  }

  /// The value if the decoding of one JSON type succeeds; a mismatch is an answer here, not an error.
  private static func attempt<T>(_ decode: () throws -> T) -> T? {
    do {
      return try decode()
    } catch {
      return nil
    }
  }
}
