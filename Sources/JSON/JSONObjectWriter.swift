/// Where a ``JSONObjectWritable`` value writes its members: ``CompactJSONWriter``, straight into
/// bytes, or ``EncodingContainerWriter``, into an `Encoder`'s keyed container (so that `Codable`
/// encoders, pretty or compact, write the same members in the same order).
///
/// Every method writes nothing for `nil`: an absent field is an absent key.
public protocol JSONObjectWriter: ~Copyable {
  /// A member whose value is a string.
  mutating func member(_ key: String, _ value: String?) throws
  /// A member whose value is an integer.
  mutating func member(_ key: String, _ value: Int?) throws
  /// A member whose value is `true` or `false`.
  mutating func member(_ key: String, _ value: Bool?) throws
  /// A member whose value is an object that lists its own members.
  mutating func member(_ key: String, _ value: (some JSONObjectWritable)?) throws
  /// A member whose value is an array of such objects.
  mutating func member(_ key: String, _ value: [some JSONObjectWritable]?) throws
}
