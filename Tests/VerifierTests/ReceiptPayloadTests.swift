import Foundation
import Testing

@testable import Verifier

/// Malformed payloads, signed properly, so only the payload check can reject them.
@Suite struct ReceiptPayloadTests {
  /// The attributes of a valid receipt with one purchase, to break one at a time.
  var validAttributes: [ReceiptAttribute] {
    get throws {
      try ReceiptPayload.decode(try Fixtures.receipt(purchases: 1).payload()[...], level: .payload).map(
        \.attribute)
    }
  }

  func verify(_ attributes: [ReceiptAttribute]) throws -> VerificationFailure? {
    let bytes = try Fixtures.receiptEncoder.sign(payload: ReceiptPayload.encode(attributes))
    return failure { try Fixtures.receiptVerifier.verify(bytes, at: Fixtures.now) }
  }

  func replacing(_ type: Int, with value: [UInt8]) throws -> [ReceiptAttribute] {
    try validAttributes.map { $0.type == type ? ReceiptAttribute(type: type, value: value) : $0 }
  }

  func replacingInApp(_ type: Int, with value: [UInt8]?) throws -> [ReceiptAttribute] {
    try validAttributes.map { attribute in
      guard attribute.type == 17 else { return attribute }
      var entry = try ReceiptPayload.decode(attribute.value[...], level: .inAppPurchase(0)).map(\.attribute)
      entry.removeAll { $0.type == type }
      if let value { entry.append(ReceiptAttribute(type: type, value: value)) }
      return ReceiptAttribute(type: 17, value: ReceiptPayload.encode(entry))
    }
  }

  @Test func validPayloadVerifies() throws {
    #expect(try verify(try validAttributes) == nil)
  }

  @Test func missingRequiredAttributeIsNamed() throws {
    let rejection = try #require(try verify(try validAttributes.filter { $0.type != 2 }))
    #expect(rejection.check == .malformedPayload)
    #expect(rejection.reason == "receipt payload, attribute 2 (bundle_id) is missing")
  }

  @Test func duplicateAttributeIsNamed() throws {
    let attributes = try validAttributes
    let rejection = try #require(try verify(attributes + attributes.filter { $0.type == 3 }))
    #expect(rejection.reason == "receipt payload, attribute 3 (application_version) appears more than once")
  }

  @Test(
    arguments: [
      (3, [0x02, 0x01, 0x01], "expected a UTF8String"),
      (3, [0x0c, 0x02, 0xc3, 0x28], "invalid UTF-8"),
      (3, [0x0c, 0x05, 0x41], "declares 5 bytes"),
      (3, [0x0c, 0x01, 0x41, 0x00], "bytes follow a UTF8String"),
      (12, [0x16, 0x04, 0x32, 0x30, 0x32, 0x33], "expected a date"),
      (12, [0x16, 0x00], "is an empty date"),
      (1, [0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0], "does not fit 64 bits"),
      (1, [0x02, 0x00], "INTEGER has no content"),
    ] as [(Int, [UInt8], String)])
  func malformedAppValueIsNamed(type: Int, value: [UInt8], expected: String) throws {
    let rejection = try #require(try verify(try replacing(type, with: value)))
    #expect(rejection.check == .malformedPayload)
    #expect(rejection.reason.hasPrefix("receipt payload, attribute \(type) ("))
    #expect(rejection.reason.contains(expected), "\(rejection.reason)")
  }

  @Test(
    arguments: [
      (1713, [0x02, 0x01, 0x02] as [UInt8]?, "expected INTEGER 0 or 1"),
      (1704, [0x16, 0x14] + Array("2023-02-30T00:00:00Z".utf8), "expected a date"),
      (1702, nil, "attribute 1702 (product_id) is missing"),
      (1701, [0x0c, 0x01, 0x31], "expected an INTEGER"),
    ] as [(Int, [UInt8]?, String)])
  func malformedInAppValueIsNamed(type: Int, value: [UInt8]?, expected: String) throws {
    let rejection = try #require(try verify(try replacingInApp(type, with: value)))
    #expect(rejection.check == .malformedPayload)
    #expect(rejection.reason.hasPrefix("in-app purchase 0 (attribute 17)"), "\(rejection.reason)")
    #expect(rejection.reason.contains(expected), "\(rejection.reason)")
  }

  @Test func inAppValueThatIsNotASetIsNamed() throws {
    let attributes = try validAttributes.map {
      $0.type == 17 ? ReceiptAttribute(type: 17, value: [0x0c, 0x00]) : $0
    }
    let rejection = try #require(try verify(attributes))
    #expect(rejection.reason.hasPrefix("in-app purchase 0 (attribute 17): expected a SET"))
  }

  @Test(arguments: [
    [0x30, 0x00], [0x31, 0x03, 0x02, 0x01, 0x01], [0x31, 0x05, 0x30, 0x03, 0x02, 0x01, 0x01], [],
  ])
  func payloadThatIsNotASetOfAttributesIsNamed(payload: [UInt8]) throws {
    let bytes = try Fixtures.receiptEncoder.sign(payload: payload)
    #expect(failedCheck { try Fixtures.receiptVerifier.verify(bytes, at: Fixtures.now) } == .malformedPayload)
  }
}
