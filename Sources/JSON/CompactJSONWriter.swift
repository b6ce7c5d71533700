/// Writes compact JSON (`{"key":value}`, no white space) straight into one growing byte buffer,
/// with no intermediate values: how a large answer (verifyReceipt's, 185 KB for 100 transactions)
/// is written as fast as it can be. Strings are escaped as ``JSONText/quoted(_:)`` escapes them,
/// so the bytes equal ``OrderedJSONEncoder``'s compact text of the same members in the same order.
///
/// The caller opens and closes the containers; the writer puts the commas.
public struct CompactJSONWriter {
  /// The text so far, UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// Per open container, whether it has a member yet: a bit per depth, the innermost lowest.
  private var hasMembers: UInt64 = 0
  private var depth = 0
  /// Whether a key was written and its value not yet.
  private var awaitsValue = false

  /// Creates a writer, reserving room for about `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// `{`: an object as the next value (at most 64 containers deep).
  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  /// `}`.
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  /// `[`: an array as the next value.
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  /// `]`.
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Starts a member of the open object: `,` when it is not the first, then `"key":`.
  public mutating func key(_ key: String) {
    startMember()
    appendQuoted(key)
    bytes.append(UInt8(ascii: ":"))
    awaitsValue = true
  }

  /// A member whose value is a string; nothing for `nil`.
  public mutating func member(_ key: String, _ value: String?) {
    guard let value else { return }
    self.key(key)
    string(value)
  }

  /// A member whose value is an integer; nothing for `nil`.
  public mutating func member(_ key: String, _ value: Int?) {
    guard let value else { return }
    self.key(key)
    startValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A member whose value is `true` or `false`; nothing for `nil`.
  public mutating func member(_ key: String, _ value: Bool?) {
    guard let value else { return }
    self.key(key)
    startValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A string as the next value: a member's after its key, or an element of the open array.
  public mutating func string(_ value: String) {
    startValue()
    appendQuoted(value)
  }

  private mutating func open(_ bracket: UInt8) {
    startValue()
    bytes.append(bracket)
    hasMembers <<= 1
    depth += 1
  }

  private mutating func close(_ bracket: UInt8) {
    bytes.append(bracket)
    hasMembers >>= 1
    depth -= 1
  }

  /// Before a value: nothing after a key; in an array, `,` before every element but the first.
  private mutating func startValue() {
    if awaitsValue {
      awaitsValue = false
    } else if depth > 0 {
      startMember()
    }
  }

  /// `,` before every member or element but the first of the open container.
  private mutating func startMember() {
    if hasMembers & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
    hasMembers |= 1
  }

  private mutating func appendQuoted(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
      } else {
        bytes.append(contentsOf: JSONText.quoted(String(decoding: utf8, as: UTF8.self)).utf8)
      }
    }
  }
}
