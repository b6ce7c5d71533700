/// A JSON object whose members are listed once, in ``writeMembers(to:)``: the one list that both its
/// fast writer (``compactJSON(capacity:)``) and its `Encodable` conformance (``encode(to:)``)
/// write, so that a new field is one line and the two cannot disagree.
public protocol JSONObjectWritable: Encodable {
  /// Writes the object's members, in the order they appear in the text.
  ///
  /// - Parameter writer: The writer to write them to.
  /// - Throws: A value that cannot be written as JSON (what the value says it refuses).
  func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws
}

extension JSONObjectWritable {
  /// The object as compact JSON (`{"key":value}`), written straight into one buffer.
  ///
  /// - Parameter capacity: About how many bytes to reserve.
  /// - Throws: What ``writeMembers(to:)`` throws.
  /// - Returns: The UTF-8 text.
  @inlinable
  public func compactJSON(capacity: Int) throws -> [UInt8] {
    var writer = CompactJSONWriter(capacity: capacity)
    try writer.member(self)
    return writer.bytes
  }

  /// Encodes the object's members into `encoder`'s keyed container, in their order: the type's
  /// `Encodable` conformance (it takes the place of a synthesized one).
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What ``writeMembers(to:)`` or the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var writer = EncodingContainerWriter(encoder)
    try writeMembers(to: &writer)
  }
}
