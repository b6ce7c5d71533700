import Foundation
import StoreBenchKit
import Testing

/// Promotional offers, eligibility and win-back through `product.purchase(options:)`, as an app's
/// tests use them with a signer standing in for the app's server.
@Suite struct OfferPurchaseTests {
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../catalog/offers.json").standardizedFileURL
  static let monthly = "com.example.studio.plus.monthly"

  @Test func aSignedPromotionalOfferIsAppliedAndATamperedOneRefused() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    let signer = try await store.makeOfferKey(id: "KEY1")
    try await store.run {
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      _ = try await product.purchase()
      let nonce = UUID()
      let signed = try signer.promotionalOfferSignature(
        productID: Self.monthly, offerID: "plus.comeback", nonce: nonce)
      let option = Product.PurchaseOption.promotionalOffer(
        offerID: "plus.comeback", keyID: "KEY1", nonce: nonce, signature: signed.signature,
        timestamp: signed.timestamp)
      guard case .success = try await product.purchase(options: [option]) else {
        Issue.record("not a success")
        return
      }
      await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
        try await product.purchase(options: [option])  // the nonce was used
      }
      let other = try signer.promotionalOfferSignature(
        productID: "com.example.studio.plus.yearly", offerID: "plus.comeback", nonce: UUID())
      await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
        try await product.purchase(options: [
          .promotionalOffer(
            offerID: "plus.comeback", keyID: "KEY1", nonce: UUID(), signature: other.signature,
            timestamp: other.timestamp)
        ])
      }
    }
  }

  @Test func aPromotionalJWSIsAppliedAndAnEligibilityJWSCanRefuseTheTrial() async throws {
    let store = try TestStore(catalogFile: Self.catalog)
    let signer = try await store.makeOfferKey(id: "KEY1")
    try await store.run {
      let product = try #require(try await Product.products(for: [Self.monthly]).first)
      let refuse = try signer.introductoryOfferEligibilityJWS(
        productID: Self.monthly, allow: false, transactionID: "705000000000000001")
      guard
        case .success(let first) = try await product.purchase(options: [
          .introductoryOfferEligibility(compactJWS: refuse)
        ])
      else {
        Issue.record("not a success")
        return
      }
      #expect(try first.payloadValue.offerType == nil)  // no trial: the server said no
      let jws = try signer.promotionalOfferJWS(productID: Self.monthly, offerID: "plus.comeback")
      guard
        case .success = try await product.purchase(options: [
          .promotionalOfferJWS(offerID: "plus.comeback", compactJWS: jws)
        ])
      else {
        Issue.record("not a success")
        return
      }
    }
  }
}
