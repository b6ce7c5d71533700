/// Writes one level of a receipt payload, `SET OF ReceiptAttribute`, straight into one buffer and
/// sorts the elements into DER order at the end.
struct ReceiptSetWriter {
  private var buffer: [UInt8] = []
  private var elements: [Range<Int>] = []

  /// Appends `ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }`.
  ///
  /// - Parameters:
  ///   - type: The attribute type.
  ///   - version: The attribute version.
  ///   - valueTag: The tag of the TLV inside the OCTET STRING, or `nil` when `content` is the whole
  ///     OCTET STRING content (raw bytes, nested SETs, untyped attributes).
  ///   - content: The value's content bytes.
  mutating func append(type: Int, version: Int = 1, valueTag: UInt8?, content: some Collection<UInt8>) {
    let valueLength = valueTag == nil ? content.count : DERNode.headerLength(content.count) + content.count
    let sequenceLength =
      2 + DERNode.integerContentLength(type) + 2 + DERNode.integerContentLength(version)
      + DERNode.headerLength(valueLength) + valueLength
    let start = buffer.count
    DERNode.appendHeader(tag: 0x30, length: sequenceLength, to: &buffer)
    appendInteger(type)
    appendInteger(version)
    DERNode.appendHeader(tag: 0x04, length: valueLength, to: &buffer)
    if let valueTag {
      DERNode.appendHeader(tag: valueTag, length: content.count, to: &buffer)
    }
    buffer.append(contentsOf: content)
    elements.append(start..<buffer.count)
  }

  /// The SET's DER bytes, elements in DER order.
  func encoded() -> [UInt8] {
    let sorted = buffer.withUnsafeBufferPointer { buffer in
      elements.sorted {
        DERNode.setOrder(UnsafeBufferPointer(rebasing: buffer[$0]), UnsafeBufferPointer(rebasing: buffer[$1]))
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(DERNode.headerLength(buffer.count) + buffer.count)
    DERNode.appendHeader(tag: 0x31, length: buffer.count, to: &bytes)
    for range in sorted { bytes.append(contentsOf: buffer[range]) }
    return bytes
  }

  private mutating func appendInteger(_ value: Int) {
    DERNode.appendHeader(tag: 0x02, length: DERNode.integerContentLength(value), to: &buffer)
    DERNode.appendIntegerContent(value, to: &buffer)
  }
}
