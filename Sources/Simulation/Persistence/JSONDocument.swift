import Catalog
import Foundation

/// A parsed JSON value written back with its objects' keys in their order: how a saved world
/// embeds its catalog document, and how a migrated document is handed to `JSONDecoder`.
struct JSONDocument: Encodable {
  var value: JSONValue

  init(_ value: JSONValue) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
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
struct DocumentKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) {
    stringValue = name
  }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}
