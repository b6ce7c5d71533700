/// Writes a ``JSONObjectWritable`` value's members into an `Encoder`'s keyed container, so that its
/// `encode(to:)` lists the same members, in the same order, as its fast writer.
public struct EncodingContainerWriter: JSONObjectWriter {
  /// A member's key, as the object names it.
  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init?(intValue: Int) {
      nil
    }
  }

  private var container: KeyedEncodingContainer<Key>

  /// Creates a writer over the encoder's keyed container.
  ///
  /// - Parameter encoder: The encoder of the object's value.
  public init(_ encoder: any Encoder) {
    container = encoder.container(keyedBy: Key.self)
  }

  /// A member whose value is a string; nothing for `nil`.
  public mutating func member(_ key: String, _ value: String?) throws {
    try container.encodeIfPresent(value, forKey: Key(stringValue: key))
  }

  /// A member whose value is an integer; nothing for `nil`.
  public mutating func member(_ key: String, _ value: Int?) throws {
    try container.encodeIfPresent(value, forKey: Key(stringValue: key))
  }

  /// A member whose value is `true` or `false`; nothing for `nil`.
  public mutating func member(_ key: String, _ value: Bool?) throws {
    try container.encodeIfPresent(value, forKey: Key(stringValue: key))
  }

  /// A member whose value is an object; nothing for `nil`.
  public mutating func member(_ key: String, _ value: (some JSONObjectWritable)?) throws {
    try container.encodeIfPresent(value, forKey: Key(stringValue: key))
  }

  /// A member whose value is an array of objects; nothing for `nil`.
  public mutating func member(_ key: String, _ value: [some JSONObjectWritable]?) throws {
    try container.encodeIfPresent(value, forKey: Key(stringValue: key))
  }
}
