/// Writes compact JSON (`{"key":value}`, no white space) straight into one growing byte buffer,
/// with no intermediate values: how a large answer (verifyReceipt's, 185 KB for 100 transactions)
/// is written as fast as it can be. Strings are escaped as ``JSONText/quoted(_:)`` escapes them,
/// so the bytes equal ``OrderedJSONEncoder``'s compact text of the same members in the same order.
///
/// The caller opens and closes the containers; the writer puts the commas. The writer owns its
/// buffer (it cannot be copied, so two writers never share one), and every write is a bounds check
/// and a store.
public struct CompactJSONWriter: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  /// Per open container, whether it has a member yet: a bit per depth, the innermost lowest.
  private var hasMembers: UInt64 = 0
  private var depth = 0
  /// Whether a key was written and its value not yet.
  private var awaitsValue = false

  /// Creates a writer, reserving room for about `capacity` bytes.
  public init(capacity: Int = 0) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit {
    start.deallocate()
  }

  /// The text so far, UTF-8.
  public var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
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
    append(UInt8(ascii: ":"))
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
    var digits = String(value)
    digits.withUTF8 { append($0) }
  }

  /// A member whose value is `true` or `false`; nothing for `nil`.
  public mutating func member(_ key: String, _ value: Bool?) {
    guard let value else { return }
    self.key(key)
    startValue()
    var literal = value ? "true" : "false"
    literal.withUTF8 { append($0) }
  }

  /// A string as the next value: a member's after its key, or an element of the open array.
  public mutating func string(_ value: String) {
    startValue()
    appendQuoted(value)
  }

  private mutating func open(_ bracket: UInt8) {
    startValue()
    append(bracket)
    hasMembers <<= 1
    depth += 1
  }

  private mutating func close(_ bracket: UInt8) {
    append(bracket)
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
    if hasMembers & 1 != 0 { append(UInt8(ascii: ",")) }
    hasMembers |= 1
  }

  private mutating func appendQuoted(_ string: String) {
    // A native string lends its bytes in place; only another kind is copied to get them.
    if string.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) == nil {
      var copy = string
      copy.withUTF8 { appendQuoted(utf8: $0) }
    }
  }

  private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
    if !JSONText.needsEscaping(utf8) {
      reserve(utf8.count + 2)
      start[count] = UInt8(ascii: "\"")
      if let base = utf8.baseAddress { (start + count + 1).initialize(from: base, count: utf8.count) }
      start[count + 1 + utf8.count] = UInt8(ascii: "\"")
      count += utf8.count + 2
    } else {
      var quoted = JSONText.quoted(String(decoding: utf8, as: UTF8.self))
      quoted.withUTF8 { append($0) }
    }
  }

  private mutating func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard let base = utf8.baseAddress else { return }
    reserve(utf8.count)
    (start + count).initialize(from: base, count: utf8.count)
    count += utf8.count
  }

  /// Makes room for `more` bytes, doubling the buffer when it is short.
  private mutating func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    let grown = max(count + more, capacity * 2)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.initialize(from: start, count: count)
    start.deallocate()
    start = larger
    capacity = grown
  }
}
