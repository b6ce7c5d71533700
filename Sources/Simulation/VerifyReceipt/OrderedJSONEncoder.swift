import Foundation

/// Writes an `Encodable` value as JSON text with each object's keys in the order its
/// `encode(to:)` writes them, `/` left unescaped: indented two spaces a level with `"key": value`,
/// or compact (`{"key":value}`, as the App Store Server API answers).
///
/// Foundation's `JSONEncoder` orders keys by their hash (or by name, with `.sortedKeys`), so here it
/// only writes the leaves: strings, numbers and booleans.
struct OrderedJSONEncoder {
  /// Whether the text has no white space at all.
  var isCompact = false

  /// The JSON text of a value.
  ///
  /// - Parameter value: The value to encode.
  /// - Throws: What the value's `encode(to:)` throws, or `EncodingError` for a leaf that JSON cannot
  ///   hold (a non-finite number).
  /// - Returns: The text, without a final line break.
  func encode(_ value: some Encodable) throws -> String {
    let leaves = JSONEncoder()
    leaves.outputFormatting = .withoutEscapingSlashes
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, leaves: leaves, codingPath: []))
    var text = ""
    try root.write(into: &text, indent: isCompact ? nil : "", leaves: leaves)
    return text
  }
}

/// One JSON value while it is encoded: a leaf's text, or an object's or an array's children.
private final class Node {
  enum Kind {
    case leaf(String)
    case object
    case array
  }

  var kind = Kind.leaf("null")
  /// The children in the order they were encoded, with their keys (none in an array).
  var children: [(key: String?, node: Node)] = []

  /// Writes the value; `indent` is the current line's indentation, or `nil` for compact text.
  func write(into text: inout String, indent: String?, leaves: JSONEncoder) throws {
    let brackets: (open: String, close: String)
    switch kind {
    case .leaf(let leaf): return text += leaf
    case .object: brackets = ("{", "}")
    case .array: brackets = ("[", "]")
    }
    guard !children.isEmpty else { return text += brackets.open + brackets.close }
    let inner = indent.map { $0 + "  " }
    text += brackets.open
    for (index, child) in children.enumerated() {
      if index > 0 { text += "," }
      if let inner { text += "\n" + inner }
      if let key = child.key {
        text += String(decoding: try leaves.encode(key), as: UTF8.self) + (inner == nil ? ":" : ": ")
      }
      try child.node.write(into: &text, indent: inner, leaves: leaves)
    }
    if let indent { text += "\n" + indent }
    text += brackets.close
  }
}

/// A coding key for an array element or a superclass's encoder.
private struct PlainKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct NodeEncoder: Encoder {
  let node: Node
  let leaves: JSONEncoder
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.kind = .object
    return KeyedEncodingContainer(KeyedContainer(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.kind = .array
    return UnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    LeafContainer(encoder: self)
  }

  /// Appends a child under `key` (an object's member), or under none (an array's element), and
  /// returns an encoder for it.
  func appendChild(_ key: any CodingKey, named: Bool) -> NodeEncoder {
    let child = Node()
    node.children.append((named ? key.stringValue : nil, child))
    return NodeEncoder(node: child, leaves: leaves, codingPath: codingPath + [key])
  }

  /// Sets this node to a string, a number or a boolean.
  func setLeaf(_ value: some Encodable) throws {
    node.kind = .leaf(String(decoding: try leaves.encode(value), as: UTF8.self))
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func member(_ key: any CodingKey) -> NodeEncoder { encoder.appendChild(key, named: true) }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try value.encode(to: member(key))
  }

  mutating func encodeNil(forKey key: Key) throws { _ = member(key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: String, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try value.encode(to: member(key)) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try value.encode(to: member(key)) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    member(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    member(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { member(PlainKey(stringValue: "super")) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

/// The containers whose `encode` overloads take no key: each primitive goes to `encodePrimitive`.
private protocol PrimitiveSink {
  mutating func encodePrimitive(_ value: some Encodable) throws
}

extension PrimitiveSink {
  mutating func encode(_ value: Bool) throws { try encodePrimitive(value) }
  mutating func encode(_ value: String) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Double) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Float) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Int) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Int8) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Int16) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Int32) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Int64) throws { try encodePrimitive(value) }
  mutating func encode(_ value: UInt) throws { try encodePrimitive(value) }
  mutating func encode(_ value: UInt8) throws { try encodePrimitive(value) }
  mutating func encode(_ value: UInt16) throws { try encodePrimitive(value) }
  mutating func encode(_ value: UInt32) throws { try encodePrimitive(value) }
  mutating func encode(_ value: UInt64) throws { try encodePrimitive(value) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, PrimitiveSink {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.node.children.count }

  private func element() -> NodeEncoder { encoder.appendChild(PlainKey(intValue: count), named: false) }

  mutating func encode(_ value: some Encodable) throws { try value.encode(to: element()) }
  mutating func encodePrimitive(_ value: some Encodable) throws { try value.encode(to: element()) }
  mutating func encodeNil() throws { _ = element() }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    element().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { element() }
}

private struct LeafContainer: SingleValueEncodingContainer, PrimitiveSink {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encode(_ value: some Encodable) throws { try value.encode(to: encoder) }
  mutating func encodePrimitive(_ value: some Encodable) throws { try encoder.setLeaf(value) }
  mutating func encodeNil() throws { encoder.node.kind = .leaf("null") }
}
