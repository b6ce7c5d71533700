/// JSON text for values built in code: string literals, and documents laid out as Xcode writes its
/// files (two-space indent, `" : "` between key and value, empty containers on three lines).
public enum JSONText {
  /// A string as a JSON string literal: quotes, backslashes and control characters escaped, the
  /// rest (`/` included) as it is.
  public static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
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
