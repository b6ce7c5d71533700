import Foundation
import SwiftASN1
import Testing
@_spi(CMS) @_spi(FixedExpiryValidationTime) import X509

@testable import Verifier

/// The hand-written DER writer agrees byte for byte with swift-asn1's serializer.
@Suite struct DERNodeTests {
  struct ReferenceAttribute: DERSerializable {
    var attribute: ReceiptAttribute

    func serialize(into coder: inout DER.Serializer) throws {
      try coder.appendConstructedNode(identifier: .sequence) { coder in
        try coder.serialize(attribute.type)
        try coder.serialize(attribute.version)
        try coder.serialize(ASN1OctetString(contentBytes: attribute.value[...]))
      }
    }
  }

  static let edgeIntegers = [
    0, 1, 127, 128, 255, 256, 32_767, 32_768, -1, -128, -129, Int.max, Int.min, 1701, 1722,
  ]

  @Test func payloadSetMatchesSwiftASN1() throws {
    let lengths = [0, 1, 127, 128, 255, 256, 300, 65_535, 70_000]
    var attributes: [ReceiptAttribute] = []
    for (index, type) in Self.edgeIntegers.enumerated() {
      let length = lengths[index % lengths.count]
      attributes.append(
        ReceiptAttribute(
          type: type, version: Self.edgeIntegers.reversed()[index],
          value: (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
    }
    attributes.append(ReceiptAttribute(type: 1, value: [0x00]))
    attributes.append(ReceiptAttribute(type: 1, value: [0x00, 0x00]))
    var reference = DER.Serializer()
    try reference.serializeSetOf(attributes.map(ReferenceAttribute.init))
    #expect(ReceiptPayload.encode(attributes) == reference.serializedBytes)
  }

  @Test(arguments: edgeIntegers)
  func integersMatchSwiftASN1(value: Int) throws {
    var reference = DER.Serializer()
    try reference.serialize(value)
    #expect(DERNode.integer(value).bytes == reference.serializedBytes)
    var reader = DERReader(reference.serializedBytes[...])
    #expect(try DERReader.integer(try reader.read(tag: 0x02, "INTEGER")) == value)
  }

  @Test func objectIdentifiersMatchSwiftASN1() throws {
    let pairs: [([UInt8], ASN1ObjectIdentifier)] = [
      (CMSObjectIdentifier.signedData, .pkcs7SignedData), (CMSObjectIdentifier.data, .pkcs7Data),
      (CMSObjectIdentifier.sha256, .digestSHA256),
      (CMSObjectIdentifier.sha256WithRSAEncryption, .sha256WithRSAEncryption),
    ]
    for (bytes, oid) in pairs {
      var reference = DER.Serializer()
      try reference.serialize(oid)
      #expect(bytes == reference.serializedBytes)
    }
  }

  @Test func swiftCertificatesAcceptsTheReceiptContainer() async throws {
    let bytes = try Fixtures.receiptEncoder.encode(Fixtures.receipt(purchases: 2))
    let result = await CMS.isValidAttachedSignature(
      signatureBytes: bytes, trustRoots: CertificateStore([Fixtures.authority.root])
    ) {
      RFC5280Policy(fixedExpiryValidationTime: Fixtures.now)
      AppleMarkerPolicy()
    }
    guard case .success(let valid) = result else {
      Issue.record("swift-certificates rejected the receipt: \(result)")
      return
    }
    #expect(valid.signer == Fixtures.authority.receiptSigningCertificate)
  }

  @Test(
    arguments: [
      ([], "expected a TLV"), ([0x02], "has no length"), ([0x1f, 0x01, 0x00], "multi-byte tag"),
      ([0x30, 0x80, 0x00, 0x00], "indefinite length"),
      ([0x04, 0x89, 1, 1, 1, 1, 1, 1, 1, 1, 1], "length octets"),
      ([0x04, 0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], "overflows"),
      ([0x04, 0x02, 0x00], "declares 2 bytes"),
    ] as [([UInt8], String)])
  func readerRejectsMalformedTLVs(bytes: [UInt8], expected: String) {
    var reader = DERReader(bytes[...])
    do {
      _ = try reader.read()
      Issue.record("read \(bytes) without error")
    } catch {
      #expect(error.reason.contains(expected), "\(error.reason)")
    }
  }
}
