/// A small DER writer for the receipt payload and its CMS container.
///
/// Every header is written before its content, whose length is computed first, so a large content
/// (a payload with thousands of purchases) is copied once. swift-asn1's serializer instead writes
/// the content and then moves it byte by byte to make room for each enclosing length.
indirect enum DERNode {
  /// One or more complete TLVs, written as they are.
  case encoded([UInt8])
  /// A primitive TLV.
  case primitive(tag: UInt8, content: [UInt8])
  /// A constructed TLV holding other nodes.
  case constructed(tag: UInt8, children: [DERNode])

  /// The number of bytes this node writes.
  var length: Int {
    switch self {
    case .encoded(let bytes): bytes.count
    case .primitive(_, let content): DERNode.headerLength(content.count) + content.count
    case .constructed(_, let children):
      DERNode.headerLength(DERNode.contentLength(children)) + DERNode.contentLength(children)
    }
  }

  /// The node's DER bytes.
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length)
    write(to: &bytes)
    return bytes
  }

  /// Appends the node's DER bytes.
  func write(to bytes: inout [UInt8]) {
    switch self {
    case .encoded(let encoded):
      bytes.append(contentsOf: encoded)
    case .primitive(let tag, let content):
      DERNode.appendHeader(tag: tag, length: content.count, to: &bytes)
      bytes.append(contentsOf: content)
    case .constructed(let tag, let children):
      DERNode.appendHeader(tag: tag, length: DERNode.contentLength(children), to: &bytes)
      for child in children { child.write(to: &bytes) }
    }
  }

  /// An INTEGER.
  static func integer(_ value: Int) -> DERNode {
    var content: [UInt8] = []
    appendIntegerContent(value, to: &content)
    return .primitive(tag: 0x02, content: content)
  }

  /// Encoded elements in DER's SET OF order, as children of a SET or an implicitly tagged SET.
  static func sorted(_ elements: [[UInt8]]) -> [DERNode] {
    elements.sorted { left, right in
      left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { DERNode.setOrder(left, $0) } }
    }.map(DERNode.encoded)
  }

  private static func contentLength(_ children: [DERNode]) -> Int {
    children.reduce(0) { $0 + $1.length }
  }

  // MARK: Building blocks

  /// The length of a header (one tag byte and the length octets) for a content length.
  static func headerLength(_ contentLength: Int) -> Int {
    contentLength < 0x80 ? 2 : 2 + (Int.bitWidth - contentLength.leadingZeroBitCount + 7) / 8
  }

  /// Appends a one-byte tag and definite length octets.
  static func appendHeader(tag: UInt8, length: Int, to bytes: inout [UInt8]) {
    bytes.append(tag)
    guard length >= 0x80 else {
      bytes.append(UInt8(length))
      return
    }
    let count = (Int.bitWidth - length.leadingZeroBitCount + 7) / 8
    bytes.append(0x80 | UInt8(count))
    for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: length >> shift))
    }
  }

  /// The number of content bytes of an INTEGER in minimal two's complement.
  static func integerContentLength(_ value: Int) -> Int {
    let significantBits =
      value >= 0 ? Int.bitWidth - value.leadingZeroBitCount : Int.bitWidth - (~value).leadingZeroBitCount
    return significantBits / 8 + 1
  }

  /// Appends the content bytes of an INTEGER in minimal two's complement.
  static func appendIntegerContent(_ value: Int, to bytes: inout [UInt8]) {
    for index in stride(from: integerContentLength(value) - 1, through: 0, by: -1) {
      bytes.append(UInt8(truncatingIfNeeded: value >> (index * 8)))
    }
  }

  /// DER's SET OF order (X.690 §11.6): encodings compared as octet strings, the shorter padded with
  /// zero octets at its end.
  /// Takes buffer pointers: sorting thousands of slices of one array otherwise spends most of its
  /// time retaining and releasing the array.
  static func setOrder(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(lhs.count, rhs.count)
    for index in 0..<common where lhs[index] != rhs[index] {
      return lhs[index] < rhs[index]
    }
    return lhs.count < rhs.count && rhs[common...].contains { $0 != 0 }
  }
}
