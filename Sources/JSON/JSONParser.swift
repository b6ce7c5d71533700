/// A strict JSON parser (RFC 8259) that reports the line and column of the first syntax error. The
/// document must be UTF-8: invalid bytes are refused with their offset, never repaired.
public struct JSONParser {
  /// A syntax error with its position in the text.
  public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in bytes.
    public var column: Int
    /// What was wrong there.
    public var reason: String
    /// `line L, column C: reason`.
    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 256

  /// Parses a whole document.
  ///
  /// - Throws: ``SyntaxError`` for anything that is not exactly one JSON value.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if let offset = firstInvalidUTF8Offset(bytes) {
      parser.index = offset
      throw parser.error("invalid UTF-8 at byte offset \(offset)")
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The offset of the first byte of the first malformed, overlong or truncated UTF-8 sequence or
  /// encoded surrogate, or `nil` when the bytes are valid UTF-8 (checked at the standard library's
  /// speed first).
  private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) { offset += encoded.count }
    return offset
  }

  private func error(_ reason: String) -> SyntaxError {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    return SyntaxError(line: line, column: index - lineStart + 1, reason: reason)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func parseValue() throws(SyntaxError) -> JSONValue {
    guard let byte = current else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try nested { (parser) throws(SyntaxError) in try parser.parseObject() }
    case UInt8(ascii: "["): return try nested { (parser) throws(SyntaxError) in try parser.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectWord("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func nested(
    _ body: (inout JSONParser) throws(SyntaxError) -> JSONValue
  ) throws(SyntaxError) -> JSONValue {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    return try body(&self)
  }

  private mutating func expectWord(_ word: String) throws(SyntaxError) {
    for expected in word.utf8 {
      guard current == expected else { throw error("expected '\(word)'") }
      index += 1
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
    guard current == byte else { throw error("expected \(what)") }
    index += 1
  }

  private mutating func parseObject() throws(SyntaxError) -> JSONValue {
    index += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
      let key = try parseString()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
      skipWhitespace()
      members.append(JSONMember(key, try parseValue()))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      return .object(members)
    }
  }

  private mutating func parseArray() throws(SyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']'")
      return .array(elements)
    }
  }

  private mutating func parseNumber() throws(SyntaxError) -> String {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, isDigit(first) else { throw error("expected a digit") }
    if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
    if current == UInt8(ascii: ".") {
      index += 1
      guard let byte = current, isDigit(byte) else { throw error("expected a digit after '.'") }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, isDigit(byte) else { throw error("expected a digit in the exponent") }
      skipDigits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { index += 1 }
  }

  /// A string's contents, collected as UTF-8 bytes in one pass: runs of plain bytes are found by
  /// a tight scan of the buffer and copied whole (the document was checked to be UTF-8 first), and a
  /// string without escapes is made straight from its run; escapes are appended encoded.
  private mutating func parseString() throws(SyntaxError) -> String {
    index += 1
    var text: [UInt8] = []
    var runStart = index
    while true {
      index = endOfPlainRun(from: index)
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        defer { index += 1 }
        if text.isEmpty { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
        text.append(contentsOf: bytes[runStart..<index])
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        text.append(contentsOf: bytes[runStart..<index])
        index += 1
        text.append(contentsOf: try parseEscape().utf8)
        runStart = index
      default:
        throw error("control character in a string")
      }
    }
  }

  /// The index of the first byte at or after `start` that ends a run of plain string bytes (a
  /// quote, a backslash or a control character), or the end of the document.
  private func endOfPlainRun(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var position = start
      while position < buffer.count {
        if JSONText.needsEscape(buffer[position]) { return position }
        position += 1
      }
      return position
    }
  }

  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    guard let byte = current else { throw error("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): return try parseUnicodeEscape()
    default:
      index -= 1
      throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xD800..<0xDC00).contains(high) {
      guard current == UInt8(ascii: "\\") else { throw error("lone high surrogate") }
      index += 1
      guard current == UInt8(ascii: "u") else { throw error("lone high surrogate") }
      index += 1
      let low = try parseHex4()
      guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
      let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      guard let scalar = Unicode.Scalar(value) else { throw error("invalid surrogate pair") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else { throw error("lone low surrogate") }
    return scalar
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw error("expected four hex digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
