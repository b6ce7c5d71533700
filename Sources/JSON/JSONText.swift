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
      string.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
      ?? string.utf8.contains(where: needsEscape)
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

  /// Whether a UTF-8 byte is escaped in a string literal: a control character, `"` or `\\`.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C
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
