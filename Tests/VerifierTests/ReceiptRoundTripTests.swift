import Foundation
import SwiftASN1
import Testing
import Verifier

@Suite struct ReceiptRoundTripTests {
  let encoder = Fixtures.receiptEncoder
  let verifier = Fixtures.receiptVerifier

  @Test(arguments: [0, 1, 3, 250])
  func encodeThenVerifyGivesTheSameReceipt(purchases: Int) throws {
    let receipt = Fixtures.receipt(purchases: purchases)
    let bytes = try encoder.encode(receipt)
    let decoded = try verifier.verify(bytes, at: Fixtures.now)
    #expect(decoded.normalized == receipt.normalized)
    #expect(decoded.inAppPurchases.count == purchases)
    #expect(try ReceiptDecoder().decode(bytes) == decoded)
  }

  @Test func minimalPurchasesAndUnicodeIdentifiersSurvive() throws {
    var receipt = Fixtures.receipt(purchases: 0)
    receipt.bundleId = "com.exämple.app"
    receipt.inAppPurchases = [
      Fixtures.purchase(1, productId: "продукт.premium", full: false),
      Fixtures.purchase(2, productId: "商品.😀.monthly"),
      Fixtures.purchase(3, productId: ""),
    ]
    let decoded = try verifier.verify(try encoder.encode(receipt), at: Fixtures.now)
    #expect(decoded.normalized == receipt.normalized)
    #expect(
      decoded.inAppPurchases.first { $0.transactionId == receipt.inAppPurchases[0].transactionId }?
        .productType == nil)
  }

  @Test func unknownAttributesAreKeptAndWrittenBack() throws {
    var receipt = Fixtures.receipt(purchases: 1)
    receipt.additionalAttributes = [
      ReceiptAttribute(type: 25, value: [0x02, 0x01, 0x03]),
      ReceiptAttribute(type: 6, value: [0xde, 0xad, 0xbe, 0xef]),
      ReceiptAttribute(type: 8, value: [0x16, 0x00]),
    ]
    receipt.inAppPurchases[0].additionalAttributes = [
      ReceiptAttribute(type: 1722, value: [0x02, 0x01, 0x00])
    ]
    let decoded = try verifier.verify(try encoder.encode(receipt), at: Fixtures.now)
    #expect(decoded.normalized == receipt.normalized)
  }

  @Test func payloadIsCanonicalDER() throws {
    let receipt = Fixtures.receipt(purchases: 20)
    let payload = try receipt.payload()
    _ = try DER.parse(payload)
    let signed = try SignedReceipt(berEncoded: try encoder.sign(payload: payload))
    #expect(signed.payload == payload)
    let decoded = try ReceiptDecoder().decode(signed)
    #expect(try decoded.payload() == payload, "re-encoding a decoded receipt gives the same bytes")
  }

  @Test func signedContainerCarriesLeafIntermediateAndRoot() throws {
    let signed = try SignedReceipt(berEncoded: try encoder.encode(Fixtures.receipt(purchases: 1)))
    let authority = Fixtures.authority
    #expect(
      Set(signed.certificates) == [
        authority.receiptSigningCertificate, authority.intermediate, authority.root,
      ])
  }

  @Test func dateOutsideTheWireRangeIsASigningError() {
    var receipt = Fixtures.receipt(purchases: 1)
    receipt.inAppPurchases[0].expiresDate = Date(timeIntervalSince1970: 300_000_000_000)
    #expect {
      try encoder.encode(receipt)
    } throws: { error in
      (error as? SigningError)?.code == .dateOutOfRange
    }
  }
}
