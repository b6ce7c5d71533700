import Crypto
import Foundation
import SwiftASN1
import Testing
@_spi(CMS) import X509

@testable import Verifier

/// DER length octets.
func derLength(_ count: Int) -> [UInt8] {
  if count < 0x80 { return [UInt8(count)] }
  var bytes: [UInt8] = []
  var remaining = count
  while remaining > 0 {
    bytes.insert(UInt8(remaining & 0xff), at: 0)
    remaining >>= 8
  }
  return [0x80 | UInt8(bytes.count)] + bytes
}

/// A constructed node with indefinite length.
func indefinite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
  [tag, 0x80] + content + [0x00, 0x00]
}

/// The children of a DER node, as encoded bytes.
func childEncodings(_ node: ASN1Node) -> [[UInt8]] {
  guard case .constructed(let children) = node.content else { return [] }
  return children.map { Array($0.encodedBytes) }
}

func children(_ node: ASN1Node) -> [ASN1Node] {
  guard case .constructed(let children) = node.content else { return [] }
  return Array(children)
}

/// Rewrites a DER receipt the way Xcode writes receipts: indefinite lengths for ContentInfo,
/// SignedData and encapContentInfo, and the payload as a constructed OCTET STRING of chunks.
func xcodeStyleBER(_ der: [UInt8], chunkSize: Int) throws -> [UInt8] {
  let contentInfo = children(try DER.parse(der))
  let signedData = children(children(contentInfo[1])[0])
  let encapsulated = children(signedData[2])
  guard case .primitive(let payload) = children(encapsulated[1])[0].content else { fatalError("payload") }
  var chunks: [UInt8] = []
  var start = payload.startIndex
  while start < payload.endIndex {
    let end = min(start + chunkSize, payload.endIndex)
    chunks += [0x04] + derLength(end - start) + payload[start..<end]
    start = end
  }
  let encapsulatedBER = indefinite(
    0x30, Array(encapsulated[0].encodedBytes) + indefinite(0xA0, indefinite(0x24, chunks)))
  let signedDataBER = indefinite(
    0x30,
    Array(signedData[0].encodedBytes) + Array(signedData[1].encodedBytes) + encapsulatedBER
      + signedData[3...].flatMap { Array($0.encodedBytes) })
  return indefinite(0x30, Array(contentInfo[0].encodedBytes) + indefinite(0xA0, signedDataBER))
}

@Suite struct ReceiptContainerTests {
  let verifier = Fixtures.receiptVerifier

  @Test(arguments: [1, 100, 5000])
  func acceptsXcodeStyleIndefiniteLengthsAndChunkedContent(chunkSize: Int) throws {
    let receipt = Fixtures.receipt(purchases: 3)
    let der = try Fixtures.receiptEncoder.encode(receipt)
    let ber = try xcodeStyleBER(der, chunkSize: chunkSize)
    #expect(ber != der)
    #expect(throws: (any Error).self) { try DER.parse(ber) }
    let decoded = try verifier.verify(ber, at: Fixtures.now)
    #expect(decoded == (try verifier.verify(der, at: Fixtures.now)))
    #expect(decoded.normalized == receipt.normalized)
  }

  @Test func receiptSignedByAnotherAuthorityIsUntrusted() throws {
    let bytes = try ReceiptEncoder(authority: Fixtures.otherAuthority).encode(Fixtures.receipt(purchases: 1))
    #expect(failedCheck { try verifier.verify(bytes, at: Fixtures.now) } == .untrustedChain)
    #expect(
      failedCheck {
        try ReceiptVerifier(trustedRoots: [Fixtures.otherAuthority.root]).verify(bytes, at: Fixtures.now)
      }
        == nil)
  }

  @Test(
    arguments: [
      [0x80, 0x01], [0x00, 0x7f], [0x01], [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ] as [[UInt8]])
  func serialNumbersOfAnyFormIdentifyTheSigner(serial: [UInt8]) throws {
    let chain = try TestChain()
    let leaf = try chain.issueLeaf(
      publicKey: Certificate.PublicKey(Fixtures.authority.receiptSigningKey.publicKey),
      serialNumber: Certificate.SerialNumber(bytes: serial))
    let encoder = try ReceiptEncoder(
      certificate: leaf, privateKey: Fixtures.authority.receiptSigningKey, intermediate: chain.intermediate,
      root: chain.root)
    let bytes = try encoder.encode(Fixtures.receipt(purchases: 1))
    #expect(
      failedCheck { try ReceiptVerifier(trustedRoots: [chain.root]).verify(bytes, at: Fixtures.now) } == nil)
  }

  @Test func detachedSignatureHasNoContent() throws {
    let authority = Fixtures.authority
    let bytes = try CMS.sign(
      try Fixtures.receipt(purchases: 1).payload(), signatureAlgorithm: .sha256WithRSAEncryption,
      additionalIntermediateCertificates: [authority.intermediate, authority.root],
      certificate: authority.receiptSigningCertificate,
      privateKey: Certificate.PrivateKey(authority.receiptSigningKey), detached: true)
    #expect(failedCheck { try verifier.verify(bytes, at: Fixtures.now) } == .missingContent)
  }

  @Test func signedAttributesAreRefused() throws {
    let authority = Fixtures.authority
    let bytes = try CMS.sign(
      try Fixtures.receipt(purchases: 1).payload(), signatureAlgorithm: .sha256WithRSAEncryption,
      additionalIntermediateCertificates: [authority.intermediate, authority.root],
      certificate: authority.receiptSigningCertificate,
      privateKey: Certificate.PrivateKey(authority.receiptSigningKey), signingTime: Fixtures.now,
      detached: false)
    #expect(failedCheck { try verifier.verify(bytes, at: Fixtures.now) } == .unsupportedAlgorithm)
  }

  @Test func missingCertificatesAreNamed() throws {
    let authority = Fixtures.authority
    let withoutIntermediate = try CMS.sign(
      try Fixtures.receipt(purchases: 1).payload(), signatureAlgorithm: .sha256WithRSAEncryption,
      certificate: authority.receiptSigningCertificate,
      privateKey: Certificate.PrivateKey(authority.receiptSigningKey), detached: false)
    #expect(failedCheck { try verifier.verify(withoutIntermediate, at: Fixtures.now) } == .untrustedChain)
  }

  @Test func otherContentTypesAreNotSignedData() throws {
    var serializer = DER.Serializer()
    try serializer.appendConstructedNode(identifier: .sequence) { coder in
      try coder.serialize(ASN1ObjectIdentifier.pkcs7Data)
      try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
        try coder.serialize(ASN1OctetString(contentBytes: [1, 2, 3]))
      }
    }
    #expect(failedCheck { try SignedReceipt(berEncoded: serializer.serializedBytes) } == .notSignedData)
  }

  @Test(arguments: [
    [], [0x30], [0x30, 0x00], [0x04, 0x01, 0x00], [0x30, 0x84, 0xff, 0xff, 0xff, 0xff], [0x30, 0x80],
  ])
  func garbageIsAMalformedContainer(bytes: [UInt8]) {
    #expect(failedCheck { try SignedReceipt(berEncoded: bytes) } == .malformedContainer)
  }

  @Test func hugeLengthIsAMalformedContainer() {
    let bytes: [UInt8] = [0x30, 0x88, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x01, 0x01]
    #expect(failedCheck { try SignedReceipt(berEncoded: bytes) } == .malformedContainer)
    let deep =
      [UInt8](repeating: 0x30, count: 1) + [0x80]
      + Array(repeating: [0x30, 0x80], count: 10_000).flatMap { $0 }
    #expect(failedCheck { try SignedReceipt(berEncoded: deep) } == .malformedContainer)
  }
}
