import Foundation
import StoreBenchKit
import Testing

/// `Product.PurchaseOption`: gathered in a `Set`, and the offer options, signed by a server key the
/// store knows (`TestStore.makeOfferKey(id:)`), as the App Store checks them.
@Suite struct PurchaseOptionTests {
  @Test func optionsAreValuesASetGathers() {
    let token = UUID()
    var options: Set<Product.PurchaseOption> = [.quantity(2), .appAccountToken(token)]
    options.insert(.quantity(2))
    #expect(options.count == 2)
    options.insert(.quantity(3))
    #expect(options.count == 3)
    #expect(options.contains(.appAccountToken(token)))
    #expect(Product.PurchaseOption.custom(key: "a", value: "1") != .custom(key: "a", value: "2"))
    #expect(Product.PurchaseOption.simulatesAskToBuyInSandbox(true) == .simulatesAskToBuyInSandbox(true))
    #expect(Product.PurchaseOption.quantity(2).debugDescription.contains("2"))
    let check: @Sendable (Storefront) -> Bool = { _ in true }
    let handler = Product.PurchaseOption.onStorefrontChange(shouldContinuePurchase: check)
    #expect(handler == handler)
    #expect(handler != .onStorefrontChange(shouldContinuePurchase: check), "a closure equals only itself")
  }

  @Test func theJWSOfferOptionsAreTheCustomOptionsStoreKitMakes() {
    let options = Product.PurchaseOption.promotionalOffer("pro.winback", compactJWS: "a.b.c")
    #expect(options.count == 2)
    #expect(options.contains(.custom(key: "adHocOfferId", value: "pro.winback")))
    #expect(options.contains(.custom(key: "adHocSignature", value: Data("a.b.c".utf8).base64EncodedString())))
    let eligibility = Product.PurchaseOption.introductoryOfferEligibility(compactJWS: "a.b.c")
    #expect(eligibility == .custom(key: "introOfferEligibilityParam", value: "a.b.c"))
  }

  /// Makes the customer a lapsed subscriber of the Pro group: promotional offers are for
  /// subscribers, current or lapsed.
  static func lapse(_ store: TestStore) async throws {
    try await Fixtures.buy("pro.yearly").finish()
    try store.expire(productID: "pro.yearly")
  }

  @Test func aPromotionalOfferSignedAsAJWSIsRedeemed() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Self.lapse(store)
      let signer: OfferSigner = try store.makeOfferKey(id: "OFFERKEY1")
      #expect(signer.keyID == "OFFERKEY1")
      #expect(signer.bundleID == "com.example.storebench")
      #expect(abs(signer.now.timeIntervalSinceNow) < 60)
      let jws = try signer.promotionalOfferJWS(productID: "pro.monthly", offerID: "pro.winback")
      let options = Set(Product.PurchaseOption.promotionalOffer("pro.winback", compactJWS: jws))
      let transaction = try await Fixtures.buy("pro.monthly", options: options)
      let offer = try #require(transaction.offer)
      #expect(offer.type == .promotional)
      #expect(offer.id == "pro.winback")
      #expect(offer.paymentMode == .payAsYouGo)
      #expect(transaction.price == Decimal(string: "1.99"))
    }
  }

  @Test func aJWSForAnotherProductIsRefusedAsAnInvalidSignature() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Self.lapse(store)
      let signer = try store.makeOfferKey(id: "OFFERKEY1")
      #expect(throws: TestStoreError.self) { try store.makeOfferKey(id: "OFFERKEY1") }
      let jws = try signer.promotionalOfferJWS(productID: "lite.monthly", offerID: "pro.winback")
      let pro = try await Fixtures.product("pro.monthly")
      await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
        try await pro.purchase(
          options: Set(Product.PurchaseOption.promotionalOffer("pro.winback", compactJWS: jws)))
      }
    }
  }

  @available(*, deprecated, message: "uses the legacy promotional offer options, deprecated in iOS 26")
  @Test func aPromotionalOfferWithALegacySignatureIsRedeemedInBothSpellings() async throws {
    let store = try Fixtures.store()
    try await store.run {
      try await Self.lapse(store)
      let signer = try store.makeOfferKey(id: "OFFERKEY1")
      let token = UUID()
      let nonce = UUID()
      let signed = try signer.promotionalOfferSignature(
        productID: "pro.monthly", offerID: "pro.winback", appAccountToken: token, nonce: nonce)
      let first = try await Fixtures.buy(
        "pro.monthly",
        options: [
          .appAccountToken(token),
          .promotionalOffer(
            offerID: "pro.winback", keyID: "OFFERKEY1", nonce: nonce, signature: signed.signature,
            timestamp: signed.timestamp),
        ])
      #expect(first.offer?.id == "pro.winback")
      #expect(first.offerID == "pro.winback")
      #expect(first.offerType == .promotional)
      try store.expire(productID: "pro.monthly")

      let again = UUID()
      let second = try signer.promotionalOfferSignature(
        productID: "lite.monthly", offerID: "pro.winback", nonce: again)
      let signature = Product.SubscriptionOffer.Signature(
        keyID: "OFFERKEY1", nonce: again, timestamp: second.timestamp, signature: second.signature)
      let lite = try await Fixtures.product("lite.monthly")
      // lite.monthly has no offer pro.winback: the App Store refuses it.
      do {
        _ = try await lite.purchase(options: [.promotionalOffer(offerID: "pro.winback", signature: signature)]
        )
        Issue.record("an offer of another product was redeemed")
      } catch let error as Product.PurchaseError {
        #expect([.invalidOfferIdentifier, .ineligibleForOffer, .invalidOfferSignature].contains(error))
      }
    }
  }

  @Test func anIntroductoryOfferEligibilityJWSDecidesTheTrial() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let signer = try store.makeOfferKey(id: "OFFERKEY1")
      guard case .verified(let app) = try await AppTransaction.shared else {
        Issue.record("the app transaction does not verify")
        return
      }
      let jws = try signer.introductoryOfferEligibilityJWS(
        productID: "pro.monthly", allow: false, transactionID: app.appTransactionID)
      let transaction = try await Fixtures.buy(
        "pro.monthly", options: [.introductoryOfferEligibility(compactJWS: jws)])
      #expect(transaction.offer == nil, "the server said no trial")
      #expect(transaction.price == Decimal(string: "4.99"))
    }
  }

  @Test func aWinBackOfferIsRedeemedByAChurnedSubscriber() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let yearly = try await Fixtures.buy("pro.yearly")
      await yearly.finish()
      try store.setAutoRenew(false, productID: "pro.yearly")
      try store.advanceClock(by: "1y")
      try store.advanceClock(by: "70d")
      let status = try #require(try await Product.SubscriptionInfo.status(transactionID: yearly.id))
      #expect(status.state == .expired)
      #expect(try status.renewalInfo.payloadValue.eligibleWinBackOfferIDs == ["pro.comeback"])
      let offer = try #require(try await Fixtures.product("pro.monthly").subscription?.winBackOffers.first)
      let transaction = try await Fixtures.buy("pro.monthly", options: [.winBackOffer(offer)])
      #expect(transaction.offer?.type == .winBack)
      #expect(transaction.offer?.id == "pro.comeback")
      #expect(transaction.offer?.paymentMode == .freeTrial)
    }
  }

  @Test func aWinBackOfferForSomeoneWhoNeverSubscribedIsRefused() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let pro = try await Fixtures.product("pro.monthly")
      let offer = try #require(pro.subscription?.winBackOffers.first)
      await #expect(throws: Product.PurchaseError.ineligibleForOffer) {
        try await pro.purchase(options: [.winBackOffer(offer)])
      }
    }
  }
}
