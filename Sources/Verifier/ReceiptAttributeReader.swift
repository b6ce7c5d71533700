import Foundation

/// Sorts one level of receipt attributes into typed fields and the rest, then reads typed values with
/// errors that name the level, the attribute number and its name.
struct ReceiptAttributeReader<Field: ReceiptField> {
  /// Where this level sits, such as "receipt payload" or "in-app purchase 3".
  let context: String
  /// Attributes of a type the model does not type, in wire order.
  private(set) var untyped: [ReceiptAttribute] = []
  /// Attributes of the repeating field, in wire order.
  private(set) var repeated: [ReceiptAttribute] = []
  private var typed: [Field: ReceiptAttribute] = [:]

  /// Sorts the attributes of one level.
  ///
  /// - Parameters:
  ///   - attributes: The level's attributes.
  ///   - context: Where the level sits, for error reasons.
  ///   - repeating: The one field allowed to appear many times (in-app purchases), if any.
  /// - Throws: `malformedPayload` when any other typed field appears twice.
  init(_ attributes: [ReceiptAttribute], context: String, repeating: Field? = nil) throws(VerificationFailure)
  {
    self.context = context
    for attribute in attributes {
      guard let field = Field(rawValue: attribute.type) else {
        untyped.append(attribute)
        continue
      }
      if field == repeating {
        repeated.append(attribute)
      } else if typed.updateValue(attribute, forKey: field) != nil {
        throw VerificationFailure(.malformedPayload, "\(place(field)) appears more than once")
      }
    }
  }

  /// Names a field at this level, for error reasons.
  func place(_ field: Field) -> String {
    "\(context), attribute \(field.rawValue) (\(field.name))"
  }

  /// Reads a field that must be present.
  func required<Value>(
    _ field: Field, _ read: ([UInt8], String) throws(VerificationFailure) -> Value
  ) throws(VerificationFailure) -> Value {
    guard let attribute = typed[field] else {
      throw VerificationFailure(.malformedPayload, "\(place(field)) is missing")
    }
    return try read(attribute.value, place(field))
  }

  /// Reads a field that may be absent.
  func optional<Value>(
    _ field: Field, _ read: ([UInt8], String) throws(VerificationFailure) -> Value
  ) throws(VerificationFailure) -> Value? {
    guard let attribute = typed[field] else { return nil }
    return try read(attribute.value, place(field))
  }

  /// Reads a date that must be present and not empty.
  func requiredDate(_ field: Field) throws(VerificationFailure) -> Date {
    guard let date = try required(field, ReceiptValue.optionalDate) else {
      throw VerificationFailure(.malformedPayload, "\(place(field)) is an empty date")
    }
    return date
  }

  /// Reads a date that may be absent or empty.
  func optionalDate(_ field: Field) throws(VerificationFailure) -> Date? {
    try optional(field, ReceiptValue.optionalDate) ?? nil
  }
}

/// Collects one level of receipt attributes from typed fields; absent optional values write nothing.
struct ReceiptAttributeWriter<Field: ReceiptField> {
  /// The attributes written so far.
  private(set) var attributes: [ReceiptAttribute] = []

  /// Writes an already encoded value.
  mutating func write(_ field: Field, version: Int = 1, _ value: [UInt8]) {
    attributes.append(ReceiptAttribute(type: field.rawValue, version: version, value: value))
  }

  /// Writes a value if present, encoded by `encode`.
  mutating func write<Value>(
    _ field: Field, _ value: Value?, _ encode: (Value) throws(SigningError) -> [UInt8]
  ) throws(SigningError) {
    guard let value else { return }
    write(field, try encode(value))
  }
}
