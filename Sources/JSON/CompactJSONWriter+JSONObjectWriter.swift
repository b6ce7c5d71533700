extension CompactJSONWriter: JSONObjectWriter {
  /// A member whose value is an object that lists its own members; nothing for `nil`.
  @inlinable
  public mutating func member(_ key: String, _ value: (some JSONObjectWritable)?) throws {
    guard let value else { return }
    self.key(key)
    try self.member(value)
  }

  /// A member whose value is an array of such objects; nothing for `nil`.
  @inlinable
  public mutating func member(_ key: String, _ value: [some JSONObjectWritable]?) throws {
    guard let value else { return }
    self.key(key)
    beginArray()
    for element in value { try self.member(element) }
    endArray()
  }

  /// An object as the next value: a member's after its key, an element of the open array, or the
  /// whole text.
  @inlinable
  public mutating func member(_ object: some JSONObjectWritable) throws {
    beginObject()
    try object.writeMembers(to: &self)
    endObject()
  }
}
