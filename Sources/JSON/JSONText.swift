/// JSON text for values built in code: string literals, and documents laid out as Xcode writes its
/// files (two-space indent, `" : "` between key and value, empty containers on three lines).
public enum JSONText {
  /// A string as a JSON string literal: quotes, backslashes and control characters escaped as
  /// Foundation's `JSONEncoder` escapes them (`\b`, `\f`, `\n`, `\r`, `\t`, else `\u00xx`), the rest
  /// (`/` included) as it is.
  public static func quoted(_ string: String) -> String {
    var text = ""
    appendQuoted(string, to: &text)
    return text
  }

  /// Appends a string as a JSON string literal (see ``quoted(_:)``) to a text: the writers of
  /// long JSON texts use this, so that a string with nothing to escape is copied in one piece.
  ///
  /// - Parameters:
  ///   - string: The string.
  ///   - text: The text to append to.
  public static func appendQuoted(_ string: String, to text: inout String) {
    text += "\""
    let escapes =
      string.utf8.withContiguousStorageIfAvailable(needsEscaping) ?? string.utf8.contains(where: needsEscape)
    guard escapes else {
      text += string
      return text += "\""
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  /// Whether a UTF-8 byte is escaped in a string literal: a control character, `"` or `\\` (and
  /// so, to ``JSONParser``, whether it ends a string's run of plain bytes).
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C
  }

  /// Whether any byte of a UTF-8 text is escaped in a string literal (see ``needsEscape(_:)``),
  /// eight bytes at a time: a word has a byte below `0x20` when subtracting `0x20` from every byte
  /// borrows into a byte whose top bit was clear, and a byte equal to `"` or `\\` when the word
  /// XORed with that byte repeated has a zero byte (the same test with `0x01`). Both tests are
  /// exact about whether such a byte exists, which is all that is asked.
  static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    var offset = 0
    while offset + 8 <= utf8.count {
      if wordNeedsEscape(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) { return true }
      offset += 8
    }
    guard offset < utf8.count else { return false }
    if utf8.count >= 8 {
      // The last one to seven bytes: the text's last eight, some of them tested already.
      return wordNeedsEscape(UnsafeRawPointer(base + utf8.count - 8).loadUnaligned(as: UInt64.self))
    }
    while offset < utf8.count {
      if needsEscape(base[offset]) { return true }
      offset += 1
    }
    return false
  }

  /// Whether any of a word's eight bytes is escaped (the byte order does not matter).
  private static func wordNeedsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    func hasByteBelow(_ word: UInt64, _ limit: UInt64) -> Bool {
      (word &- ones &* limit) & ~word & 0x8080_8080_8080_8080 != 0
    }
    return hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x22), 1)
      || hasByteBelow(word ^ (ones &* 0x5C), 1)
  }

  /// A document pretty-printed the way Xcode writes `.storekit` files, with a final newline.
  public static func xcodeStyle(_ value: JSONValue) -> String {
    var text = ""
    write(value, depth: 0, into: &text)
    return text + "\n"
  }

  private static func write(_ value: JSONValue, depth: Int, into text: inout String) {
    let inner = String(repeating: "  ", count: depth + 1)
    let outer = String(repeating: "  ", count: depth)
    switch value {
    case .object(let members):
      text += members.isEmpty ? "{\n\n" : "{\n"
      for (index, member) in members.enumerated() {
        text += (index > 0 ? ",\n" : "") + inner + quoted(member.key) + " : "
        write(member.value, depth: depth + 1, into: &text)
      }
      text += (members.isEmpty ? "" : "\n") + outer + "}"
    case .array(let elements):
      text += elements.isEmpty ? "[\n\n" : "[\n"
      for (index, element) in elements.enumerated() {
        text += (index > 0 ? ",\n" : "") + inner
        write(element, depth: depth + 1, into: &text)
      }
      text += (elements.isEmpty ? "" : "\n") + outer + "]"
    case .string(let string): text += quoted(string)
    case .number(let number): text += number
    case .bool(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    }
  }
}
