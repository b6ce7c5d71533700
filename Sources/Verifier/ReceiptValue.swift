import Foundation
import SwiftASN1

/// The ASN.1 values inside receipt attributes: UTF8String for names and ids, IA5String for dates,
/// INTEGER for numbers and 0/1 booleans (formats.md §1.6).
enum ReceiptValue {
  // MARK: Writing

  /// A UTF8String TLV.
  static func utf8String(_ text: String) throws(SigningError) -> [UInt8] {
    try der { try $0.serialize(ASN1UTF8String(text)) }
  }

  /// An IA5String TLV holding `YYYY-MM-DDTHH:MM:SSZ`.
  static func date(_ date: Date) throws(SigningError) -> [UInt8] {
    let text = try ReceiptDate.format(date)
    return try der { try $0.serialize(ASN1IA5String(contentBytes: text[...])) }
  }

  /// An INTEGER TLV.
  static func integer(_ value: Int) throws(SigningError) -> [UInt8] {
    try der { try $0.serialize(value) }
  }

  /// An INTEGER TLV holding 1 for true, 0 for false.
  static func boolean(_ value: Bool) throws(SigningError) -> [UInt8] {
    try integer(value ? 1 : 0)
  }

  private static func der(_ body: (inout DER.Serializer) throws -> Void) throws(SigningError) -> [UInt8] {
    do {
      var serializer = DER.Serializer()
      try body(&serializer)
      return serializer.serializedBytes
    } catch {
      throw SigningError(.encodingFailed, "receipt value: \(error)")
    }
  }

  // MARK: Reading

  /// Reads a UTF8String TLV whose bytes are valid UTF-8.
  static func utf8String(from value: [UInt8], at place: String) throws(VerificationFailure) -> String {
    let bytes = try contents(of: value, tag: .utf8String, typeName: "UTF8String", at: place)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw VerificationFailure(.malformedPayload, "\(place): UTF8String holds invalid UTF-8")
    }
    return text
  }

  /// Reads an IA5String date; an empty IA5String, which Apple writes for absent dates, reads as `nil`.
  static func optionalDate(from value: [UInt8], at place: String) throws(VerificationFailure) -> Date? {
    let bytes = try contents(of: value, tag: .ia5String, typeName: "IA5String", at: place)
    if bytes.isEmpty { return nil }
    guard let date = ReceiptDate.parse(bytes) else {
      let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
      throw VerificationFailure(
        .malformedPayload, "\(place): expected a date YYYY-MM-DDTHH:MM:SSZ, found \"\(shown)\"")
    }
    return date
  }

  /// Reads an INTEGER TLV that fits in `Int`.
  static func integer(from value: [UInt8], at place: String) throws(VerificationFailure) -> Int {
    let node = try parse(value, at: place)
    do {
      return try Int(berEncoded: node, withIdentifier: .integer)
    } catch {
      throw VerificationFailure(
        .malformedPayload, "\(place): expected an INTEGER that fits 64 bits: \(error)")
    }
  }

  /// Reads an INTEGER TLV that must be 0 or 1.
  static func boolean(from value: [UInt8], at place: String) throws(VerificationFailure) -> Bool {
    switch try integer(from: value, at: place) {
    case 0: return false
    case 1: return true
    case let other:
      throw VerificationFailure(.malformedPayload, "\(place): expected INTEGER 0 or 1, found \(other)")
    }
  }

  private static func contents(
    of value: [UInt8], tag: ASN1Identifier, typeName: String, at place: String
  ) throws(VerificationFailure) -> ArraySlice<UInt8> {
    let node = try parse(value, at: place)
    guard node.identifier == tag else {
      throw VerificationFailure(
        .malformedPayload, "\(place): expected \(typeName), found tag \(node.identifier)")
    }
    do {
      return try ASN1OctetString(berEncoded: node, withIdentifier: tag).bytes
    } catch {
      throw VerificationFailure(.malformedPayload, "\(place): malformed \(typeName): \(error)")
    }
  }

  private static func parse(_ value: [UInt8], at place: String) throws(VerificationFailure) -> ASN1Node {
    do {
      return try BER.parse(value)
    } catch {
      throw VerificationFailure(.malformedPayload, "\(place): value is not one ASN.1 element: \(error)")
    }
  }
}
