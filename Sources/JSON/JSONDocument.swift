import Foundation

/// A parsed JSON value written back with its objects' keys in their order: how a saved world
/// embeds its catalog document, and how a migrated document is handed to `JSONDecoder`.
public struct JSONDocument: Encodable {
  /// The value.
  public var value: JSONValue

  /// Wraps a value.
  public init(_ value: JSONValue) {
    self.value = value
  }

  /// Encodes the value: objects keyed in their order, numbers as the narrowest of `Int64`, `UInt64`
  /// and `Double` that holds them.
  ///
  /// - Throws: `EncodingError.invalidValue` for a number text that is not a number.
  public func encode(to encoder: any Encoder) throws {
    switch value {
    case .object(let members):
      var container = encoder.container(keyedBy: DocumentKey.self)
      for member in members {
        try container.encode(JSONDocument(member.value), forKey: DocumentKey(member.key))
      }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(JSONDocument(element)) }
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .number(let text):
      var container = encoder.singleValueContainer()
      if let integer = Int64(text) {
        try container.encode(integer)
      } else if let integer = UInt64(text) {
        try container.encode(integer)
      } else if let number = Double(text) {
        try container.encode(number)
      } else {
        throw EncodingError.invalidValue(
          text, .init(codingPath: encoder.codingPath, debugDescription: "\(text) is not a number"))
      }
    case .bool(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }
}

/// A coding key named at run time: a JSON object's member.
public struct DocumentKey: CodingKey {
  /// The member's name.
  public let stringValue: String
  /// Always `nil`: members are named.
  public var intValue: Int? { nil }

  /// A key with a name.
  public init(_ name: String) {
    stringValue = name
  }

  /// A key with a name.
  public init(stringValue: String) {
    self.stringValue = stringValue
  }

  /// Always `nil`: members are named.
  public init?(intValue: Int) {
    nil
  }
}
