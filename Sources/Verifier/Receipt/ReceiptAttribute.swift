/// One attribute of a receipt payload, in wire form.
///
/// Apple's grammar ("Validating receipts on the device"):
///
/// ```
/// ReceiptAttribute ::= SEQUENCE {
///     type    INTEGER,
///     version INTEGER,
///     value   OCTET STRING }
///
/// Payload ::= SET OF ReceiptAttribute
/// ```
///
/// `value` holds a complete DER TLV (UTF8String, IA5String or INTEGER) for most types, raw bytes for
/// types 4 and 5, and a nested `Payload` for type 17.
public struct ReceiptAttribute: Hashable, Sendable, Codable {
  /// The attribute type number, such as 2 for the bundle identifier or 1702 for a product id.
  public var type: Int
  /// The attribute version; 1 for every attribute except the opaque value (type 4), which Apple writes as 2.
  public var version: Int
  /// The contents of the `value` OCTET STRING.
  public var value: [UInt8]

  /// Creates an attribute.
  ///
  /// - Parameters:
  ///   - type: The attribute type number.
  ///   - version: The attribute version.
  ///   - value: The contents of the `value` OCTET STRING.
  public init(type: Int, version: Int = 1, value: [UInt8]) {
    self.type = type
    self.version = version
    self.value = value
  }
}
