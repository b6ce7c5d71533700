import Foundation

/// Writes one level of receipt attributes from typed fields; absent optional values write nothing.
struct ReceiptAttributeWriter<Field: ReceiptField> {
  private var set = ReceiptSetWriter()

  /// Writes a UTF8String value.
  mutating func string(_ field: Field, _ value: String?) {
    guard let value else { return }
    set.append(type: field.rawValue, valueTag: ReceiptValue.utf8StringTag, content: value.utf8)
  }

  /// Writes an INTEGER value.
  mutating func integer(_ field: Field, _ value: Int?) {
    guard let value else { return }
    var content: [UInt8] = []
    DERNode.appendIntegerContent(value, to: &content)
    set.append(type: field.rawValue, valueTag: ReceiptValue.integerTag, content: content)
  }

  /// Writes a boolean as INTEGER 1 or 0.
  mutating func boolean(_ field: Field, _ value: Bool?) {
    integer(field, value.map { $0 ? 1 : 0 })
  }

  /// Writes an IA5String date.
  mutating func date(_ field: Field, _ value: Date?) throws(SigningError) {
    guard let value else { return }
    set.append(
      type: field.rawValue, valueTag: ReceiptValue.ia5StringTag, content: try ReceiptDate.format(value))
  }

  /// Writes raw value bytes without an inner TLV.
  mutating func raw(_ field: Field, version: Int = 1, _ value: [UInt8]) {
    set.append(type: field.rawValue, version: version, valueTag: nil, content: value)
  }

  /// Writes attributes given in wire form as they are.
  mutating func untyped(_ attributes: [ReceiptAttribute]) {
    for attribute in attributes {
      set.append(type: attribute.type, version: attribute.version, valueTag: nil, content: attribute.value)
    }
  }

  /// The level's DER `SET OF ReceiptAttribute`.
  func encoded() -> [UInt8] {
    set.encoded()
  }
}
