/// Reads the definite-length TLVs of a receipt payload without building a node tree.
///
/// Receipt payloads are DER in Apple's and Xcode's receipts alike, so only definite lengths and
/// one-byte tags are accepted; non-minimal length octets are tolerated, as BER allows.
struct DERReader {
  /// Why a TLV could not be read.
  struct Failure: Error {
    var reason: String
  }

  /// The bytes not yet read.
  private(set) var remaining: ArraySlice<UInt8>

  init(_ bytes: ArraySlice<UInt8>) {
    remaining = bytes
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { remaining.isEmpty }

  /// Reads the next TLV.
  ///
  /// - Throws: `Failure` on a truncated TLV, a multi-byte tag, an indefinite or oversized length.
  /// - Returns: The tag byte and the content bytes.
  mutating func read() throws(Failure) -> (tag: UInt8, content: ArraySlice<UInt8>) {
    guard let tag = remaining.popFirst() else { throw Failure(reason: "expected a TLV, found the end") }
    guard tag & 0x1f != 0x1f else {
      throw Failure(reason: "multi-byte tag \(hex(tag)) is not used in receipts")
    }
    guard let first = remaining.popFirst() else { throw Failure(reason: "TLV \(hex(tag)) has no length") }
    var length = Int(first)
    if first == 0x80 {
      throw Failure(reason: "TLV \(hex(tag)) has an indefinite length")
    } else if first > 0x80 {
      let count = Int(first & 0x7f)
      guard count <= 8, remaining.count >= count else {
        throw Failure(reason: "TLV \(hex(tag)) has \(count) length octets")
      }
      length = 0
      for byte in remaining.prefix(count) {
        guard length <= Int.max >> 8 else { throw Failure(reason: "TLV \(hex(tag)) length overflows") }
        length = length << 8 | Int(byte)
      }
      remaining = remaining.dropFirst(count)
    }
    guard length <= remaining.count else {
      throw Failure(reason: "TLV \(hex(tag)) declares \(length) bytes, \(remaining.count) remain")
    }
    let content = remaining.prefix(length)
    remaining = remaining.dropFirst(length)
    return (tag, content)
  }

  /// Reads the next TLV, which must carry the given tag.
  mutating func read(tag expected: UInt8, _ what: String) throws(Failure) -> ArraySlice<UInt8> {
    let (tag, content) = try read()
    guard tag == expected else { throw Failure(reason: "expected \(what), found tag \(hex(tag))") }
    return content
  }

  /// The value of INTEGER content bytes, which must fit in `Int`.
  static func integer(_ content: ArraySlice<UInt8>) throws(Failure) -> Int {
    guard let first = content.first else { throw Failure(reason: "INTEGER has no content") }
    guard content.count <= 8 else {
      throw Failure(reason: "INTEGER of \(content.count) bytes does not fit 64 bits")
    }
    var value = first >= 0x80 ? -1 : 0
    for byte in content {
      value = value << 8 | Int(byte)
    }
    return value
  }

  private func hex(_ byte: UInt8) -> String {
    "0x" + String(byte, radix: 16)
  }
}
