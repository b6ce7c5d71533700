import Foundation

/// A JSON value with its object keys in a fixed order, written compactly or indented: the shape of
/// Apple's responses, reproduced key for key.
public indirect enum JSONText: Equatable, Sendable {
  /// An object, keys in order.
  case object([(String, JSONText)])
  /// An array.
  case array([JSONText])
  /// A string.
  case string(String)
  /// A whole number.
  case number(Int64)
  /// `true` or `false`.
  case bool(Bool)

  /// Values are equal when they render to the same text.
  public static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered() == rhs.rendered() }

  /// The text: compact, or indented two spaces a level.
  public func rendered(pretty: Bool = false) -> String {
    var output = ""
    write(into: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(into output: inout String, pretty: Bool, indent: Int) {
    let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
    let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
    switch self {
    case .object(let members):
      guard !members.isEmpty else { return output += "{}" }
      output += "{"
      for (index, member) in members.enumerated() {
        output += (index > 0 ? "," : "") + newline + JSONText.quote(member.0) + (pretty ? ": " : ":")
        member.1.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      output += closing + "}"
    case .array(let elements):
      guard !elements.isEmpty else { return output += "[]" }
      output += "["
      for (index, element) in elements.enumerated() {
        output += (index > 0 ? "," : "") + newline
        element.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      output += closing + "]"
    case .string(let text): output += JSONText.quote(text)
    case .number(let value): output += String(value)
    case .bool(let flag): output += flag ? "true" : "false"
    }
  }

  /// A string as a JSON string literal, quotes included.
  public static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
