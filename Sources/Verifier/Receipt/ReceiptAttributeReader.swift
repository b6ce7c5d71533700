import Foundation

/// Sorts one level of receipt attributes into typed fields and the rest, then reads typed values with
/// errors that name the level, the attribute number and its name.
struct ReceiptAttributeReader<Field: ReceiptField> {
  /// Where this level sits.
  let level: ReceiptLevel
  /// Attributes of a type the model does not type, in wire order.
  private(set) var untyped: [ReceiptAttribute] = []
  /// Values of the repeating field, in wire order.
  private(set) var repeated: [ArraySlice<UInt8>] = []
  /// Typed fields in wire order; a level has a dozen, so a linear search beats hashing.
  private var typed: [(field: Field, value: ArraySlice<UInt8>)] = []

  /// Sorts the attributes of one level.
  ///
  /// - Parameters:
  ///   - attributes: The level's attributes.
  ///   - level: Where the level sits, for error reasons.
  ///   - repeating: The one field allowed to appear many times (in-app purchases), if any.
  /// - Throws: `malformedPayload` when any other typed field appears twice.
  init(
    _ attributes: [WireAttribute], level: ReceiptLevel, repeating: Field? = nil
  ) throws(VerificationFailure) {
    self.level = level
    for attribute in attributes {
      guard let field = Field(rawValue: attribute.type) else {
        untyped.append(attribute.attribute)
        continue
      }
      if field == repeating {
        repeated.append(attribute.value)
      } else if typed.contains(where: { $0.field == field }) {
        throw VerificationFailure(.malformedPayload, "\(place(field)) appears more than once")
      } else {
        typed.append((field, attribute.value))
      }
    }
  }

  /// Names a field at this level, for error reasons.
  func place(_ field: Field) -> String {
    "\(level), attribute \(field.rawValue) (\(field.name))"
  }

  /// Reads a field that must be present.
  func required<Value>(
    _ field: Field, _ read: (ArraySlice<UInt8>) throws(DERReader.Failure) -> Value
  ) throws(VerificationFailure) -> Value {
    guard let value = try optional(field, read) else {
      throw VerificationFailure(.malformedPayload, "\(place(field)) is missing")
    }
    return value
  }

  /// Reads a field that may be absent.
  func optional<Value>(
    _ field: Field, _ read: (ArraySlice<UInt8>) throws(DERReader.Failure) -> Value
  ) throws(VerificationFailure) -> Value? {
    guard let value = typed.first(where: { $0.field == field })?.value else { return nil }
    do {
      return try read(value)
    } catch {
      throw VerificationFailure(.malformedPayload, "\(place(field)): \(error.reason)")
    }
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
