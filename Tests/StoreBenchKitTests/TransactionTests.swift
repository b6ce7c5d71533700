import Foundation
import StoreBenchKit
import Testing

/// `Transaction`: every field of a signed transaction as the app reads it, its offer, its
/// revocation, its open-set kinds, `finish()` and `subscriptionStatus`.
@Suite struct TransactionTests {
  @Test func aPurchaseReadsAsTheAppStoreSignedIt() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let token = UUID()
      let transaction = try await Fixtures.buy("coins.100", options: [.quantity(2), .appAccountToken(token)])
      let id: Transaction.ID = transaction.id
      #expect(id > 0)
      #expect(transaction.originalID == transaction.id)
      #expect(transaction.webOrderLineItemID == nil)
      #expect(transaction.productID == "coins.100")
      #expect(transaction.subscriptionGroupID == nil)
      #expect(transaction.appBundleID == "com.example.storebench")
      #expect(transaction.purchaseDate == Fixtures.start)
      #expect(transaction.originalPurchaseDate == Fixtures.start)
      #expect(transaction.expirationDate == nil)
      #expect(transaction.purchasedQuantity == 2)
      #expect(!transaction.isUpgraded)
      #expect(transaction.offer == nil)
      #expect(transaction.revocationDate == nil)
      #expect(transaction.revocationReason == nil)
      #expect(transaction.productType == .consumable)
      #expect(transaction.appAccountToken == token)
      #expect(transaction.environment == .sandbox)
      #expect(transaction.reason == .purchase)
      #expect(transaction.storefront.countryCode == "USA")
      #expect(transaction.storefront.id == "143441")
      #expect(transaction.ownershipType == .purchased)
      #expect(transaction.signedDate == Fixtures.start)
      #expect(transaction.price == Decimal(string: "1.98"), "the price of the whole quantity")
      #expect(transaction.currency == Locale.Currency("USD"))
      #expect(!transaction.appTransactionID.isEmpty)
      #expect(transaction.deviceVerification.count == 48, "a SHA-384")
      #expect(await transaction.subscriptionStatus == nil)
    }
  }

  @Test func aSubscriptionsTransactionCarriesItsGroupPeriodAndOffer() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let product = try await Fixtures.product("pro.monthly")
      let transaction = try await Fixtures.buy("pro.monthly")
      #expect(transaction.subscriptionGroupID == product.subscription?.subscriptionGroupID)
      #expect(transaction.productType == .autoRenewable)
      #expect(transaction.webOrderLineItemID?.isEmpty == false)
      #expect(transaction.expirationDate == Fixtures.date(Fixtures.start, plus: DateComponents(day: 7)))
      let offer = try #require(transaction.offer)
      #expect(offer.type == .introductory)
      #expect(offer.id == nil)
      #expect(offer.paymentMode == .freeTrial)
      #expect(offer.period == .weekly)
      #expect(transaction.price == 0)
      let status = try #require(await transaction.subscriptionStatus)
      #expect(status.state == .subscribed)
      #expect(status.transaction.unsafePayloadValue == transaction)
    }
  }

  @Test func aRenewalHasItsOwnIdentifierAndTheOriginalsDates() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let first = try await Fixtures.buy("pro.monthly")
      await first.finish()
      try store.advanceClock(by: "8d")
      let renewal = try #require(await Transaction.latest(for: "pro.monthly")?.unsafePayloadValue)
      #expect(renewal.id != first.id)
      #expect(renewal.originalID == first.id)
      #expect(renewal.originalPurchaseDate == first.purchaseDate)
      #expect(renewal.purchaseDate == first.expirationDate)
      #expect(renewal.reason == .renewal)
      #expect(renewal.offer == nil)
      #expect(renewal.price == Decimal(string: "4.99"))
      #expect(renewal.webOrderLineItemID != first.webOrderLineItemID)
      #expect(
        renewal.expirationDate
          == Fixtures.date(try #require(first.expirationDate), plus: DateComponents(month: 1)))
    }
  }

  @Test func anOfferCodeRedeemedInTheAppStoreArrivesThroughUpdates() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let app = await Listeners.start()
      defer { app.stop() }
      try store.redeemOfferCode("SPRING")
      await store.settle()
      let redeemed = try #require(await app.transactions.items.first).unsafePayloadValue
      #expect(redeemed.productID == "pro.monthly")
      #expect(redeemed.offer?.type == .code)
      #expect(redeemed.offer?.id == "Spring Promo")
      #expect(redeemed.offer?.paymentMode == .freeTrial)
      #expect(redeemed.offer?.period == .monthly)
      #expect(throws: TestStoreError.self) { try store.redeemOfferCode("NO-SUCH-CODE") }
    }
  }

  @Test func aRefundRevokesTheTransaction() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let bought = try await Fixtures.buy("level.pack")
      await bought.finish()
      try store.advanceClock(by: "1d")
      try store.refund(transactionID: bought.id)
      let revoked = try #require(await Transaction.latest(for: "level.pack")?.unsafePayloadValue)
      #expect(revoked.id == bought.id)
      #expect(revoked.revocationDate == Fixtures.date(Fixtures.start, plus: DateComponents(day: 1)))
      #expect(revoked.revocationReason == .other)
      #expect(revoked != bought, "the signed JSON changed")
      #expect(throws: TestStoreError.self) { try store.refund(transactionID: 999) }
    }
  }

  @Test func theOpenSetsOfATransactionReadWithDefault() {
    func describe(_ ownership: Transaction.OwnershipType) -> String {
      switch ownership {
      case .purchased: "bought"
      case .familyShared: "shared"
      default: "?"
      }
    }
    func describe(_ reason: Transaction.RevocationReason) -> String {
      switch reason {
      case .developerIssue: "issue"
      case .other: "other"
      default: "?"
      }
    }
    func describe(_ reason: Transaction.Reason) -> String {
      switch reason {
      case .purchase: "purchase"
      case .renewal: "renewal"
      default: "?"
      }
    }
    func describe(_ type: Transaction.OfferType) -> String {
      switch type {
      case .introductory: "intro"
      case .promotional: "promo"
      case .code: "code"
      case .winBack: "win-back"
      default: "?"
      }
    }
    func describe(_ mode: Transaction.Offer.PaymentMode) -> String {
      switch mode {
      case .freeTrial: "free"
      case .payAsYouGo: "each period"
      case .payUpFront: "up front"
      case .oneTime: "once"
      default: "?"
      }
    }
    #expect([.purchased, .familyShared, .init(rawValue: "X")].map(describe) == ["bought", "shared", "?"])
    #expect([.developerIssue, .other, .init(rawValue: 9)].map(describe) == ["issue", "other", "?"])
    #expect([.purchase, .renewal, .init(rawValue: "X")].map(describe) == ["purchase", "renewal", "?"])
    #expect(
      [.introductory, .promotional, .code, .winBack, .init(rawValue: 9)].map(describe)
        == ["intro", "promo", "code", "win-back", "?"])
    #expect(
      [.freeTrial, .payAsYouGo, .payUpFront, .oneTime].map(describe) == [
        "free", "each period", "up front", "once",
      ])

    #expect(Transaction.OwnershipType.purchased.rawValue == "PURCHASED")
    #expect(Transaction.OwnershipType.familyShared.rawValue == "FAMILY_SHARED")
    #expect(Transaction.OwnershipType.familyShared.localizedDescription == "Family Shared")
    #expect(Transaction.RevocationReason.developerIssue.rawValue == 1)
    #expect(Transaction.RevocationReason.other.rawValue == 0)
    #expect(Transaction.RevocationReason.developerIssue.localizedDescription == "Developer Issue")
    #expect(Transaction.Reason.purchase.rawValue == "PURCHASE")
    #expect(Transaction.Reason.renewal.rawValue == "RENEWAL")
    #expect(
      [Transaction.OfferType.introductory, .promotional, .code, .winBack].map(\.rawValue) == [1, 2, 3, 4])
    #expect(Transaction.OfferType.code.localizedDescription == "Code")
    #expect(
      [Transaction.Offer.PaymentMode.freeTrial, .payAsYouGo, .payUpFront, .oneTime].map(\.rawValue)
        == ["FREE_TRIAL", "PAY_AS_YOU_GO", "PAY_UP_FRONT", "ONE_TIME"])
  }

  @Test func transactionsAreIdentifiableAndEqualWhenTheirJSONIs() async throws {
    let store = try Fixtures.store(.fixed(Fixtures.start))
    try await store.run {
      let bought = try await Fixtures.buy("level.pack")
      let again = try #require(await Transaction.latest(for: "level.pack")?.unsafePayloadValue)
      #expect(again == bought)
      #expect(Set([bought, again]).count == 1)
      let byID = Dictionary(uniqueKeysWithValues: [bought].map { ($0.id, $0) })
      #expect(byID[bought.id] == bought)
      let json = try #require(
        try JSONSerialization.jsonObject(with: bought.jsonRepresentation) as? [String: Any])
      #expect(json["productId"] as? String == "level.pack")
      #expect(json["transactionId"] as? String == String(bought.id))
      #expect(bought.debugDescription == String(decoding: bought.jsonRepresentation, as: UTF8.self))
      try store.refund(transactionID: bought.id)
      let refunded = try #require(await Transaction.latest(for: "level.pack")?.unsafePayloadValue)
      #expect(refunded.id == bought.id)
      #expect(refunded != bought, "the refund changed the signed JSON")
    }
  }

  @Test func theSameTransactionReadTwiceIsEqualWithTheWallClock() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let bought = try await Fixtures.buy("level.pack")
      try await Task.sleep(for: .milliseconds(5))
      let again = try #require(await Transaction.latest(for: "level.pack")?.unsafePayloadValue)
      #expect(again.id == bought.id)
      #expect(again.signedDate == bought.signedDate)
      #expect(again == bought)
    }
  }

  @Test func anExtensionOfTheAppReadsTheFields() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let bought = try await Fixtures.buy("level.pack")
      #expect(!bought.isRevoked)
      try store.refund(transactionID: bought.id)
      #expect(await Transaction.latest(for: "level.pack")?.unsafePayloadValue.isRevoked == true)
    }
  }

  @available(*, deprecated, message: "reads the deprecated string forms, as apps built for iOS 15 do")
  @Test func theDeprecatedAccessorsReadTheNewFields() async throws {
    let store = try Fixtures.store()
    try await store.run {
      let transaction = try await Fixtures.buy("pro.monthly")
      #expect(transaction.offerType == .introductory)
      #expect(transaction.offerID == nil)
      #expect(transaction.offerPaymentModeStringRepresentation == "FREE_TRIAL")
      #expect(transaction.offerPeriodStringRepresentation == "P1W")
      #expect(transaction.environmentStringRepresentation == "Sandbox")
      #expect(transaction.reasonStringRepresentation == "PURCHASE")
      #expect(transaction.storefrontCountryCode == "USA")
      #expect(transaction.currencyCode == "USD")
    }
  }
}

extension Transaction {
  /// The sample code's extension (Food Truck's `isRevoked`).
  fileprivate var isRevoked: Bool { revocationDate != nil }
}
