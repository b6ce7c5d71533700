import Foundation

/// Writes an `Encodable` value as JSON text with each object's keys in the order its
/// `encode(to:)` writes them, `/` left unescaped: indented two spaces a level with `"key": value`,
/// or compact (`{"key":value}`, as the App Store Server API answers).
///
/// Foundation's `JSONEncoder` orders keys by their hash (or by name, with `.sortedKeys`), so this
/// encoder writes the text itself, as the value encodes, with the leaves in `JSONEncoder`'s forms:
/// strings quoted by ``JSONText/quoted(_:)``, integers in decimal, doubles as their shortest
/// description without a trailing `.0`.
public struct OrderedJSONEncoder {
  /// Whether the text has no white space at all.
  public var isCompact: Bool

  /// Creates an encoder.
  ///
  /// - Parameter isCompact: Whether the text has no white space at all (`{"key":value}`).
  public init(isCompact: Bool = false) {
    self.isCompact = isCompact
  }

  /// The JSON text of a value.
  ///
  /// - Parameter value: The value to encode.
  /// - Throws: What the value's `encode(to:)` throws, or `EncodingError` for a leaf that JSON cannot
  ///   hold (a non-finite number).
  /// - Returns: The text, without a final line break.
  public func encode(_ value: some Encodable) throws -> String {
    let writer = JSONTextWriter(isCompact: isCompact)
    try writer.encodeValue(value, to: TextEncoder(writer: writer, depth: 0, codingPath: []))
    writer.finish()
    return writer.text
  }
}

/// The text being written and the containers still open. Codable never says when a container is
/// complete, so a container is closed when its parent writes its next member, or at the end.
private final class JSONTextWriter {
  /// One open object or array.
  struct Frame {
    /// `}` or `]`.
    let close: String
    /// How many members or elements it has so far.
    var count = 0
  }

  let isCompact: Bool
  var text = ""
  /// The open containers, outermost first: the container of an encoder at depth `d` is `open[d]`.
  var open: [Frame] = []
  /// Whether a member's key (or an element's comma) has been written and its value not yet: a
  /// value that encodes nothing is `null`.
  var awaitsValue = true

  init(isCompact: Bool) {
    self.isCompact = isCompact
  }

  /// Opens the container of the encoder at `depth`, or, asked again by the same encoder, goes on
  /// with the one it opened.
  func openContainer(atDepth depth: Int, open bracket: String, close: String) {
    if open.count > depth {
      closeContainers(deeperThan: depth + 1)
      return
    }
    text += bracket
    open.append(Frame(close: close))
    awaitsValue = false
  }

  /// Starts the next member (with a key) or element (without) of the container at `depth`.
  func beginMember(ofDepth depth: Int, key: String?) {
    closeContainers(deeperThan: depth + 1)
    if open[depth].count > 0 { text += "," }
    open[depth].count += 1
    if !isCompact { newLine(depth + 1) }
    if let key {
      JSONText.appendQuoted(key, to: &text)
      text += isCompact ? ":" : ": "
    }
    awaitsValue = true
  }

  /// Writes a leaf's text as the awaited value.
  func writeLeaf(_ leaf: String) {
    text += leaf
    awaitsValue = false
  }

  /// Writes a string leaf.
  func writeString(_ string: String) {
    JSONText.appendQuoted(string, to: &text)
    awaitsValue = false
  }

  /// Writes a value: a string, integer or boolean directly, anything else through its
  /// `encode(to:)` with `encoder`.
  func encodeValue(_ value: some Encodable, to encoder: @autoclosure () -> TextEncoder) throws {
    switch value {
    case let string as String: writeString(string)
    case let number as Int: writeLeaf(String(number))
    case let number as Int64: writeLeaf(String(number))
    case let flag as Bool: writeLeaf(flag ? "true" : "false")
    default: try value.encode(to: encoder())
    }
  }

  /// Closes the containers deeper than `depth`, writing `null` first for a value still awaited.
  func closeContainers(deeperThan depth: Int) {
    if awaitsValue { writeLeaf("null") }
    while open.count > depth {
      let frame = open.removeLast()
      if frame.count > 0 && !isCompact { newLine(open.count) }
      text += frame.close
    }
  }

  /// Closes every container.
  func finish() {
    closeContainers(deeperThan: 0)
  }

  private func newLine(_ level: Int) {
    text += "\n"
    for _ in 0..<level { text += "  " }
  }
}

/// A number in the form `JSONEncoder` writes it.
private enum JSONNumber {
  /// A float's shortest description, without a trailing `.0` (`100`, `0.5`, `1e+20`, `-0`).
  ///
  /// - Throws: `EncodingError.invalidValue` for infinity and NaN, which JSON cannot hold.
  static func text<F: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: F, at codingPath: [any CodingKey]
  ) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) cannot be written as JSON"))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
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

private struct TextEncoder: Encoder {
  let writer: JSONTextWriter
  /// How many containers enclose this encoder's value.
  let depth: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writer.openContainer(atDepth: depth, open: "{", close: "}")
    return KeyedEncodingContainer(KeyedContainer(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    writer.openContainer(atDepth: depth, open: "[", close: "]")
    return UnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    LeafContainer(encoder: self)
  }

  /// Starts a member under `key` (an object's), or under none (an array's element), and returns an
  /// encoder for its value.
  func member(_ key: any CodingKey, named: Bool) -> TextEncoder {
    writer.beginMember(ofDepth: depth, key: named ? key.stringValue : nil)
    return child(key)
  }

  /// The encoder of a member's value, once the member has begun.
  func child(_ key: any CodingKey) -> TextEncoder {
    TextEncoder(writer: writer, depth: depth + 1, codingPath: codingPath + [key])
  }

  /// Writes a float leaf.
  func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
    writer.writeLeaf(try JSONNumber.text(value, at: codingPath))
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TextEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func member(_ key: Key) -> TextEncoder { encoder.member(key, named: true) }

  private func begin(_ key: Key) { encoder.writer.beginMember(ofDepth: encoder.depth, key: key.stringValue) }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    begin(key)
    try encoder.writer.encodeValue(value, to: encoder.child(key))
  }

  mutating func encodeNil(forKey key: Key) throws {
    begin(key)
    encoder.writer.writeLeaf("null")
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    begin(key)
    encoder.writer.writeLeaf(value ? "true" : "false")
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    begin(key)
    encoder.writer.writeString(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).writeFloat(value) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).writeFloat(value) }
  mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

  private func integer(_ value: some BinaryInteger, _ key: Key) {
    begin(key)
    encoder.writer.writeLeaf(String(value))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    member(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    member(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { encoder.member(PlainKey(stringValue: "super"), named: true) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

/// The containers whose `encode` overloads take no key: each primitive goes to `encodePrimitive`,
/// each float to `encodeFloat`.
private protocol PrimitiveSink {
  mutating func encodePrimitive(_ value: String) throws
  mutating func encodePrimitive(_ value: some BinaryInteger) throws
  mutating func encodePrimitive(_ value: Bool) throws
  mutating func encodeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws
}

extension PrimitiveSink {
  mutating func encode(_ value: Bool) throws { try encodePrimitive(value) }
  mutating func encode(_ value: String) throws { try encodePrimitive(value) }
  mutating func encode(_ value: Double) throws { try encodeFloat(value) }
  mutating func encode(_ value: Float) throws { try encodeFloat(value) }
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
  let encoder: TextEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.writer.open[encoder.depth].count }

  private func begin() { encoder.writer.beginMember(ofDepth: encoder.depth, key: nil) }

  private func element() -> TextEncoder { encoder.member(PlainKey(intValue: count), named: false) }

  mutating func encode(_ value: some Encodable) throws {
    let key = PlainKey(intValue: count)
    begin()
    try encoder.writer.encodeValue(value, to: encoder.child(key))
  }

  mutating func encodePrimitive(_ value: String) throws {
    begin()
    encoder.writer.writeString(value)
  }

  mutating func encodePrimitive(_ value: some BinaryInteger) throws {
    begin()
    encoder.writer.writeLeaf(String(value))
  }

  mutating func encodePrimitive(_ value: Bool) throws {
    begin()
    encoder.writer.writeLeaf(value ? "true" : "false")
  }

  mutating func encodeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
    try element().writeFloat(value)
  }

  mutating func encodeNil() throws {
    begin()
    encoder.writer.writeLeaf("null")
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    element().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { element() }
}

private struct LeafContainer: SingleValueEncodingContainer, PrimitiveSink {
  let encoder: TextEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encode(_ value: some Encodable) throws {
    try encoder.writer.encodeValue(value, to: encoder)
  }

  mutating func encodePrimitive(_ value: String) throws { encoder.writer.writeString(value) }
  mutating func encodePrimitive(_ value: some BinaryInteger) throws {
    encoder.writer.writeLeaf(String(value))
  }
  mutating func encodePrimitive(_ value: Bool) throws { encoder.writer.writeLeaf(value ? "true" : "false") }

  mutating func encodeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
    try encoder.writeFloat(value)
  }

  mutating func encodeNil() throws { encoder.writer.writeLeaf("null") }
}
