import Foundation
import Testing
import Verifier
import X509

/// Apple's own receipt format, read and verified by this module.
@Suite struct GenuineReceiptTests {
  let creationDate = Date(timeIntervalSince1970: 1_766_774_387)

  @Test func decodesEveryTypedField() throws {
    let receipt = try ReceiptDecoder().decode(GenuineReceipt.bytes)
    #expect(receipt.receiptType == "ProductionSandbox")
    #expect(receipt.appItemId == 0)
    #expect(receipt.bundleId == "dev.bonzer.weeka.app")
    #expect(receipt.appVersion == "2")
    #expect(receipt.opaqueValue == hex("be1dd3ea9bcf4d08652eb539b9e05694"))
    #expect(receipt.creationDate == creationDate)
    #expect(receipt.originalApplicationVersion == "1.0")
    #expect(receipt.originalPurchaseDate == Date(timeIntervalSince1970: 1_375_340_400))
    #expect(receipt.expirationDate == nil)
    #expect(Set(receipt.additionalAttributes.map(\.type)) == [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 20, 25])
    let purchases = receipt.inAppPurchases
    #expect(purchases.map(\.transactionId) == ["2000001092134138", "2000001092148094"])
    let first = try #require(purchases.first)
    #expect(first.productId == "dev.bonzer.weeka.app.subscription.pro.annual")
    #expect(first.quantity == 1)
    #expect(first.originalTransactionId == "2000001092134138")
    #expect(first.purchaseDate == Date(timeIntervalSince1970: 1_766_770_987))
    #expect(first.expiresDate == Date(timeIntervalSince1970: 1_766_773_147))
    #expect(first.productType == 3)
    #expect(first.webOrderLineItemId == 2_000_000_123_357_229)
    #expect(first.cancellationDate == nil, "Apple writes an empty IA5String for no cancellation")
    #expect(first.isTrialPeriod == false)
    #expect(first.isInIntroOfferPeriod == false)
    #expect(first.promotionalOfferId == nil)
    #expect(Set(first.additionalAttributes.map(\.type)) == [1709, 1710, 1714, 1715, 1716, 1717, 1718, 1722])
  }

  @Test func verifiesAgainstAppleRootAtCreationDate() throws {
    let signed = try SignedReceipt(berEncoded: GenuineReceipt.bytes)
    let appleRoot = try #require(signed.certificates.first { $0.subject == $0.issuer })
    #expect(appleRoot.subject.description.contains("Apple Root CA"))
    let verifier = ReceiptVerifier(trustedRoots: [appleRoot])
    let chain = try verifier.verifySignature(of: signed, at: creationDate)
    #expect(chain.leaf.subject.description.contains("Mac App Store and iTunes Store Receipt Signing"))
    #expect(try verifier.verify(GenuineReceipt.bytes, at: creationDate).bundleId == "dev.bonzer.weeka.app")
    #expect(
      failedCheck { try verifier.verify(GenuineReceipt.bytes, at: Fixtures.now) } == .certificateValidity)
  }

  @Test func isUntrustedUnderTheWorkbenchRoot() {
    #expect(
      failedCheck { try Fixtures.receiptVerifier.verify(GenuineReceipt.bytes, at: creationDate) }
        == .untrustedChain)
  }
}
