import Foundation

/// The ASN.1 values inside receipt attributes: UTF8String for names and ids, IA5String for dates,
/// INTEGER for numbers and 0/1 booleans (the ASN.1 types of the Receipt Validation Programming Guide's
/// "Receipt Fields").
enum ReceiptValue {
  static let utf8StringTag: UInt8 = 0x0c
  static let ia5StringTag: UInt8 = 0x16
  static let integerTag: UInt8 = 0x02

  /// The UTF8String TLV of a string, as it sits inside attribute 2.
  static func utf8StringTLV(_ text: String) -> [UInt8] {
    DERNode.primitive(tag: utf8StringTag, content: Array(text.utf8)).bytes
  }

  /// Reads a UTF8String TLV whose bytes are valid UTF-8.
  static func utf8String(_ value: ArraySlice<UInt8>) throws(DERReader.Failure) -> String {
    let bytes = try single(value, tag: utf8StringTag, "a UTF8String")
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DERReader.Failure(reason: "UTF8String holds invalid UTF-8")
    }
    return text
  }

  /// Reads an IA5String date; an empty IA5String, which Apple writes for absent dates, reads as `nil`.
  static func optionalDate(_ value: ArraySlice<UInt8>) throws(DERReader.Failure) -> Date? {
    let bytes = try single(value, tag: ia5StringTag, "an IA5String date")
    if bytes.isEmpty { return nil }
    guard let date = ReceiptDate.parse(bytes) else {
      let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
      throw DERReader.Failure(reason: "expected a date YYYY-MM-DDTHH:MM:SSZ, found \"\(shown)\"")
    }
    return date
  }

  /// Reads an INTEGER TLV that fits in `Int`.
  static func integer(_ value: ArraySlice<UInt8>) throws(DERReader.Failure) -> Int {
    try DERReader.integer(try single(value, tag: integerTag, "an INTEGER"))
  }

  /// Reads an INTEGER TLV that must be 0 or 1.
  static func boolean(_ value: ArraySlice<UInt8>) throws(DERReader.Failure) -> Bool {
    switch try integer(value) {
    case 0: return false
    case 1: return true
    case let other: throw DERReader.Failure(reason: "expected INTEGER 0 or 1, found \(other)")
    }
  }

  /// The raw bytes of an attribute without inner TLV (opaque value, SHA-1 hash).
  static func raw(_ value: ArraySlice<UInt8>) -> [UInt8] {
    Array(value)
  }

  /// The content of the one TLV that fills `value`.
  private static func single(
    _ value: ArraySlice<UInt8>, tag: UInt8, _ what: String
  ) throws(DERReader.Failure)
    -> ArraySlice<UInt8>
  {
    var reader = DERReader(value)
    let content = try reader.read(tag: tag, what)
    guard reader.isAtEnd else { throw DERReader.Failure(reason: "bytes follow \(what)") }
    return content
  }
}
