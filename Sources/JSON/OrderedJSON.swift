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
        JSONText.appendQuoted(member.key, to: &text)
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
    case .string(let string): JSONText.appendQuoted(string, to: &text)
    case .integer(let value): text += String(value)
    case .bool(let value): text += value ? "true" : "false"
    }
  }
}
