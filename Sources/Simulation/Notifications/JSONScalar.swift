/// One member's value of a request body, as JSON typed it: what a request reader needs to tell a
/// missing field from one of the wrong type.
enum JSONScalar: Decodable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  /// An object or an array.
  case structure

  init(from decoder: any Decoder) throws {
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
