import SwiftASN1

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

extension ReceiptAttribute {
  /// Reads one `ReceiptAttribute` SEQUENCE.
  init(berEncoded node: ASN1Node) throws {
    self = try BER.sequence(node, identifier: .sequence) { nodes in
      let type = try Int(berEncoded: &nodes)
      let version = try Int(berEncoded: &nodes)
      let value = try ASN1OctetString(berEncoded: &nodes)
      return ReceiptAttribute(type: type, version: version, value: Array(value.bytes))
    }
  }
}

/// The DER form of a `ReceiptAttribute`, kept internal so the public type stays free of ASN.1 protocols.
struct ReceiptAttributeNode: DERSerializable {
  var attribute: ReceiptAttribute

  func serialize(into coder: inout DER.Serializer) throws {
    try coder.appendConstructedNode(identifier: .sequence) { coder in
      try coder.serialize(attribute.type)
      try coder.serialize(attribute.version)
      try coder.serialize(ASN1OctetString(contentBytes: attribute.value[...]))
    }
  }
}

/// The receipt payload grammar, `Payload ::= SET OF ReceiptAttribute`, used at the top level and
/// inside every in-app purchase attribute (type 17).
enum ReceiptPayload {
  /// Writes a `SET OF ReceiptAttribute` in DER canonical order, as Apple's receipts are.
  ///
  /// - Parameter attributes: The attributes, in any order.
  /// - Throws: `SigningError.encodingFailed` if the serializer fails.
  /// - Returns: The DER bytes of the SET.
  static func encode(_ attributes: [ReceiptAttribute]) throws(SigningError) -> [UInt8] {
    do {
      var serializer = DER.Serializer()
      try serializer.serializeSetOf(attributes.map(ReceiptAttributeNode.init))
      return serializer.serializedBytes
    } catch {
      throw SigningError(.encodingFailed, "receipt attributes: \(error)")
    }
  }

  /// Reads a BER or DER `SET OF ReceiptAttribute`, keeping wire order.
  ///
  /// - Parameters:
  ///   - bytes: The encoded SET.
  ///   - context: Where the SET sits, for error reasons ("receipt payload", "in-app purchase 3").
  /// - Throws: `VerificationFailure` with check `malformedPayload`, naming the position that failed.
  /// - Returns: The attributes.
  static func decode(
    _ bytes: ArraySlice<UInt8>, context: String
  ) throws(VerificationFailure) -> [ReceiptAttribute] {
    let root: ASN1Node
    do {
      root = try BER.parse(bytes)
    } catch {
      throw VerificationFailure(.malformedPayload, "\(context): not a BER SET OF ReceiptAttribute: \(error)")
    }
    guard root.identifier == .set, case .constructed(let children) = root.content else {
      throw VerificationFailure(.malformedPayload, "\(context): expected a SET, found tag \(root.identifier)")
    }
    var attributes: [ReceiptAttribute] = []
    for (position, child) in children.enumerated() {
      do {
        attributes.append(try ReceiptAttribute(berEncoded: child))
      } catch {
        throw VerificationFailure(
          .malformedPayload, "\(context): element \(position) is not a ReceiptAttribute: \(error)")
      }
    }
    return attributes
  }
}
