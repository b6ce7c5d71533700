/// A JSON value whose objects keep their keys in the order given, written compactly: how
/// notification payloads and the notification endpoints' answers are built, in Apple's key order.
public indirect enum OrderedJSON: Hashable, Sendable {
  /// An object, its members in order.
  case object([Member])
  /// An array.
  case array([OrderedJSON])
  /// A string.
  case string(String)
  /// An integer.
  case integer(Int64)
  /// `true` or `false`.
  case bool(Bool)

  /// One member of an object.
  public struct Member: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: OrderedJSON

    /// Creates a member.
    public init(_ key: String, _ value: OrderedJSON) {
      self.key = key
      self.value = value
    }
  }

  /// The compact JSON text: no spaces, `/` left unescaped, as Apple writes payloads.
  public var text: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        Self.appendQuoted(member.key, to: &text)
        text += ":"
        member.value.write(into: &text)
      }
      text += "}"
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(into: &text)
      }
      text += "]"
    case .string(let string): Self.appendQuoted(string, to: &text)
    case .integer(let value): text += String(value)
    case .bool(let value): text += value ? "true" : "false"
    }
  }

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
}
