import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import Verifier

@Suite struct JWSTests {
  let signer = Fixtures.jwsSigner
  let verifier = JWSVerifier(trustedRoots: [Fixtures.authority.root])

  static let transaction = JWSTransactionDecodedPayload(
    originalTransactionId: "2000000847061981", transactionId: "2000000847061999",
    webOrderLineItemId: "2000000012345678",
    bundleId: "com.example.app", productId: "com.example/pro.monthly",
    subscriptionGroupIdentifier: "21345678",
    purchaseDate: Fixtures.date(0), originalPurchaseDate: Fixtures.date(-86_400),
    expiresDate: Fixtures.date(2_592_000),
    quantity: 1, type: .autoRenewable, appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138",
    inAppOwnershipType: .purchased, signedDate: Fixtures.date(5), revocationReason: .refundedDueToIssue,
    revocationDate: Fixtures.date(3600), isUpgraded: false, offerType: .introductoryOffer,
    offerIdentifier: "intro",
    environment: .sandbox, storefront: "JPN", storefrontId: "143462", transactionReason: .renewal,
    currency: "JPY",
    price: 230_000, offerDiscountType: .freeTrial, appTransactionId: "704289567", offerPeriod: "P1W",
    revocationType: .refundFull, revocationPercentage: 100_000)

  static let renewal = JWSRenewalInfoDecodedPayload(
    expirationIntent: .billingError, originalTransactionId: "2000000847061981",
    autoRenewProductId: "com.example.basic",
    productId: "com.example.pro", autoRenewStatus: .on, isInBillingRetryPeriod: true,
    priceIncreaseStatus: .customerHasNotResponded, gracePeriodExpiresDate: Fixtures.date(1_382_400),
    offerType: .promotionalOffer, offerIdentifier: "winback", signedDate: Fixtures.date(5),
    environment: .production,
    recentSubscriptionStartDate: Fixtures.date(-8_640_000), renewalDate: Fixtures.date(2_592_000),
    currency: "USD",
    renewalPrice: 9990, offerDiscountType: .payAsYouGo, eligibleWinBackOfferIds: ["a", "b"],
    appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", appTransactionId: "704289567", offerPeriod: "P1M"
  )

  static let appTransaction = AppTransaction(
    receiptType: .sandbox, appAppleId: 1_234_567_890, bundleId: "com.example.app", applicationVersion: "42",
    versionExternalIdentifier: 987, receiptCreationDate: Fixtures.date(0),
    originalPurchaseDate: Date(timeIntervalSince1970: -62_135_769_600), originalApplicationVersion: "1.0",
    deviceVerification: "dGVzdA==", deviceVerificationNonce: "3b9a5a3c-0a53-4a4f-9b8d-bb7f0f1a3cde",
    preorderDate: Fixtures.date(-1000), appTransactionId: "704289567", originalPlatform: .visionOS)

  func segments(_ token: String) -> [String] {
    token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  func decodedSegment(_ segment: String) -> [UInt8] {
    Base64.decode(segment, .url)!
  }

  @Test func transactionRoundTrip() throws {
    let token = try signer.sign(Self.transaction)
    #expect(
      try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now) == Self.transaction)
  }

  @Test func renewalInfoRoundTrip() throws {
    let token = try signer.sign(Self.renewal)
    #expect(
      try verifier.verify(token, as: JWSRenewalInfoDecodedPayload.self, at: Fixtures.now) == Self.renewal)
  }

  @Test func appTransactionRoundTrip() throws {
    let token = try signer.sign(Self.appTransaction)
    #expect(try verifier.verify(token, as: AppTransaction.self, at: Fixtures.now) == Self.appTransaction)
  }

  @Test func headerIsExactlyAlgAndX5c() throws {
    let header = String(
      decoding: decodedSegment(segments(try signer.sign(Self.transaction))[0]), as: UTF8.self)
    let authority = Fixtures.authority
    let chain = [CertificateRole.jwsSigning, .intermediate, .root].map {
      Data(authority.entry($0).der).base64EncodedString()
    }
    #expect(header == #"{"alg":"ES256","x5c":[""# + chain.joined(separator: #"",""#) + #""]}"#)
  }

  @Test func signatureIsRawP256OverTheSigningInput() throws {
    let token = try signer.sign(Self.transaction)
    let parts = segments(token)
    let signature = decodedSegment(parts[2])
    #expect(signature.count == 64)
    let key = try #require(P256.Signing.PublicKey(Fixtures.authority.jwsSigningCertificate.publicKey))
    let input = Data((parts[0] + "." + parts[1]).utf8)
    #expect(key.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: signature), for: input))
  }

  @Test func payloadJSONUsesAppleConventions() throws {
    let payload = JWSTransactionDecodedPayload(
      bundleId: "com.example/app", purchaseDate: Date(timeIntervalSince1970: 1_700_000_000.123), quantity: 1,
      type: .consumable)
    let json = String(decoding: decodedSegment(segments(try signer.sign(payload))[1]), as: UTF8.self)
    #expect(
      json == #"{"bundleId":"com.example/app","purchaseDate":1700000000123,"quantity":1,"type":"Consumable"}"#
    )
  }

  @Test func theFieldsOf2024To2026UseApplesKeysAndWireValues() throws {
    let json = String(decoding: decodedSegment(segments(try signer.sign(Self.transaction))[1]), as: UTF8.self)
    for member in [
      #""transactionReason":"RENEWAL""#, #""currency":"JPY""#, #""price":230000"#,
      #""offerDiscountType":"FREE_TRIAL""#, #""appTransactionId":"704289567""#, #""offerPeriod":"P1W""#,
      #""revocationType":"REFUND_FULL""#, #""revocationPercentage":100000"#,
    ] {
      #expect(json.contains(member), "\(member) in \(json)")
    }
    let app = String(
      decoding: decodedSegment(segments(try signer.sign(Self.appTransaction))[1]), as: UTF8.self)
    #expect(
      app.contains(#""appTransactionId":"704289567""#) && app.contains(#""originalPlatform":"visionOS""#))
  }

  @Test func aSandboxAppTransactionWithoutAppAppleIdLeavesTheKeyOut() throws {
    var sandbox = Self.appTransaction
    sandbox.appAppleId = nil
    let token = try signer.sign(sandbox)
    #expect(!String(decoding: decodedSegment(segments(token)[1]), as: UTF8.self).contains("appAppleId"))
    #expect(try verifier.verify(token, as: AppTransaction.self, at: Fixtures.now).appAppleId == nil)
  }

  @Test func unknownEnumValuesAreKept() throws {
    let json = #"{"type":"Mystery","environment":"Staging","offerType":9,"inAppOwnershipType":"PURCHASED"}"#
    let token = try signer.sign(payloadJSON: Array(json.utf8))
    let payload = try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now)
    #expect(payload.type == nil && payload.rawType == "Mystery")
    #expect(payload.environment == nil && payload.rawEnvironment == "Staging")
    #expect(payload.offerType == nil && payload.rawOfferType == 9)
    #expect(payload.inAppOwnershipType == .purchased)
    let again = try verifier.verify(
      try signer.sign(payload), as: JWSTransactionDecodedPayload.self, at: Fixtures.now)
    #expect(again == payload)
  }

  @Test func decodesAppleSandboxTransactionAndXcodeFractionalDates() throws {
    let apple = #"""
      {"transactionId":"2000000847061981","originalTransactionId":"2000000847061981","bundleId":"com.goodheartapp",
      "productId":"gh_super_good_ticket_1","purchaseDate":1738645560000,"originalPurchaseDate":1738645560000,
      "quantity":1,"type":"Consumable","inAppOwnershipType":"PURCHASED","signedDate":1739161772561,
      "environment":"Sandbox","transactionReason":"PURCHASE","storefront":"JPN","storefrontId":"143462",
      "price":230000,"currency":"JPY","purchaseDateFractional":1.5,"expiresDate":1738645560000.75}
      """#
    let token = try signer.sign(payloadJSON: Array(apple.utf8))
    let payload = try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now)
    #expect(
      payload.type == .consumable && payload.transactionReason == .purchase && payload.environment == .sandbox
    )
    #expect(payload.price == 230_000 && payload.quantity == 1)
    #expect(payload.signedDate == Date(timeIntervalSince1970: 1_739_161_772.561))
    #expect(payload.expiresDate == Date(timeIntervalSince1970: 1_738_645_560))
  }

  @Test func unverifiedTokensDecode() throws {
    let token = try JWSToken(compact: try signer.sign(Self.appTransaction))
    #expect(token.header.alg == "ES256" && token.header.x5c?.count == 3)
    #expect(try token.decodePayload(as: AppTransaction.self) == Self.appTransaction)
  }

  @Test func cachedChainsStillExpire() throws {
    let token = try signer.sign(Self.transaction)
    #expect(failedCheck { try verifier.verify(token, at: Fixtures.now) } == nil)
    #expect(failedCheck { try verifier.verify(token, at: Fixtures.now) } == nil)
    #expect(
      failedCheck { try verifier.verify(token, at: Date(timeIntervalSince1970: 4_200_000_000)) }
        == .certificateValidity)
    #expect(
      failedCheck { try verifier.verify(token, at: Date(timeIntervalSince1970: .nan)) }
        == .certificateValidity)
  }

  @Test func evictionKeepsResultsCorrect() throws {
    let verifier = JWSVerifier(
      trustedRoots: [Fixtures.authority.root, Fixtures.otherAuthority.root], cacheCapacity: 1)
    let other = JWSSigner(authority: Fixtures.otherAuthority)
    for index in 0..<4 {
      let token = try (index.isMultiple(of: 2) ? signer : other).sign(
        JWSTransactionDecodedPayload(quantity: index))
      #expect(
        try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now).quantity == index)
    }
  }

  @Test func concurrentVerificationsShareTheCache() async throws {
    let tokens = try (0..<8).map { index in
      try signer.sign(JWSTransactionDecodedPayload(transactionId: "\(index)"))
    }
    let verifier = self.verifier
    let ids = try await withThrowingTaskGroup(of: String?.self) { group in
      for token in tokens {
        group.addTask {
          try verifier.verify(token, as: JWSTransactionDecodedPayload.self, at: Fixtures.now).transactionId
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(ids) == Set((0..<8).map { "\($0)" }))
  }
}
