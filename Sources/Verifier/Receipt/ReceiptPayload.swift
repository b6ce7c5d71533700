/// The receipt payload grammar, `Payload ::= SET OF ReceiptAttribute`, used at the top level and
/// inside every in-app purchase attribute (type 17).
enum ReceiptPayload {
  /// Reads a DER `SET OF ReceiptAttribute`, keeping wire order.
  ///
  /// - Parameters:
  ///   - bytes: The encoded SET.
  ///   - level: Where the SET sits, for error reasons.
  /// - Throws: `malformedPayload`, naming the element that failed.
  /// - Returns: The attributes, values as slices of `bytes`.
  static func decode(
    _ bytes: ArraySlice<UInt8>, level: ReceiptLevel
  ) throws(VerificationFailure) -> [WireAttribute] {
    var outer = DERReader(bytes)
    let content: ArraySlice<UInt8>
    do throws(DERReader.Failure) {
      content = try outer.read(tag: 0x31, "a SET")
      guard outer.isAtEnd else { throw DERReader.Failure(reason: "bytes follow the SET") }
    } catch {
      throw VerificationFailure(.malformedPayload, "\(level): \(error.reason)")
    }
    var elements = DERReader(content)
    var attributes: [WireAttribute] = []
    while !elements.isAtEnd {
      do throws(DERReader.Failure) {
        attributes.append(try attribute(try elements.read(tag: 0x30, "a ReceiptAttribute SEQUENCE")))
      } catch {
        throw VerificationFailure(.malformedPayload, "\(level), element \(attributes.count): \(error.reason)")
      }
    }
    return attributes
  }

  /// Writes attributes given in wire form as a DER SET, for tests and tools that build payloads by hand.
  static func encode(_ attributes: [ReceiptAttribute]) -> [UInt8] {
    var writer = ReceiptSetWriter()
    for attribute in attributes {
      writer.append(type: attribute.type, version: attribute.version, valueTag: nil, content: attribute.value)
    }
    return writer.encoded()
  }

  private static func attribute(_ content: ArraySlice<UInt8>) throws(DERReader.Failure) -> WireAttribute {
    var fields = DERReader(content)
    let type = try DERReader.integer(try fields.read(tag: 0x02, "the type INTEGER"))
    let version = try DERReader.integer(try fields.read(tag: 0x02, "the version INTEGER"))
    let value = try fields.read(tag: 0x04, "the value OCTET STRING")
    guard fields.isAtEnd else {
      throw DERReader.Failure(reason: "ReceiptAttribute \(type) has extra elements")
    }
    return WireAttribute(type: type, version: version, value: value)
  }
}
