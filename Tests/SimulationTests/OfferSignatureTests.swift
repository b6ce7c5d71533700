import Catalog
import Crypto
import Foundation
import Queue
import Store
import Testing
import Verifier
import Vocabulary

@testable import Simulation

/// Promotional-offer signatures and offer JWS as the App Store checks them, each refusal with its
/// error and the reason that names the cause.
@Suite struct OfferSignatureTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let monthly = "com.example.studio.plus.monthly"
  static let keyId = "2X9R4HXF34"
  /// 2026-01-08T23:00:00Z, an hour before the world's clock once the tests have set it.
  static let timestamp: Int64 = 1_767_913_200_000

  let world: World
  let key: P256.Signing.PrivateKey

  init() throws {
    world = World(
      catalog: try CatalogLoader.load(
        path: Self.repository.appendingPathComponent("catalog/offers.json").path),
      log: EventLog(), authorityDirectory: testAuthorityDirectory)
    let pem = try String(
      contentsOf: Self.repository.appendingPathComponent("scripts/keys/SubscriptionKey_2X9R4HXF34.p8"),
      encoding: .utf8)
    key = try P256.Signing.PrivateKey(pemRepresentation: pem)
    try world.offerKeys.register(keyId: Self.keyId, publicKey: key.publicKey)
    world.offerKeys.clock = .world
    _ = try world.buy(Self.monthly)
    try world.store.setClock(to: Date(timeIntervalSince1970: 1_767_916_800))
  }

  private var account: Account { world.store.account(named: "default")! }

  private func nonce(_ number: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", number) }

  private func legacy(
    product: String = monthly, offer: String = "plus.comeback", signedProduct: String? = nil, nonce: Int = 1,
    timestamp: Int64 = timestamp, signature: String? = nil
  ) throws -> Payment {
    let message = PromotionalOfferMessage(
      bundleId: "com.example.studio", keyId: Self.keyId, productId: signedProduct ?? product, offerId: offer,
      appAccountToken: "", nonce: self.nonce(nonce), timestamp: String(timestamp))
    var payment = Payment(productId: product, offerId: offer)
    payment.offerProof = .signature(
      LegacyOfferSignature(
        keyId: Self.keyId, nonce: self.nonce(nonce), timestamp: String(timestamp),
        signature: try signature ?? message.signature(with: key), appAccountToken: ""))
    return payment
  }

  private func refusal(_ payment: Payment) -> (SKErrorCode, String)? {
    guard case .refused(let error, let reason) = world.authorize(payment, for: account) else { return nil }
    return (error, reason)
  }

  @Test func aSignatureMadeByApplesLibraryVerifies() throws {
    let message = PromotionalOfferMessage(
      bundleId: "com.example.studio", keyId: Self.keyId, productId: Self.monthly, offerId: "plus.comeback",
      appAccountToken: "", nonce: nonce(1), timestamp: String(Self.timestamp))
    let der = try #require(
      Data(
        base64Encoded:
          "MEUCIHxQdUtiwaTa3irbqUnV5eeyvQ4xo7TeNbtgvup9BDUJAiEA5sdn/d7ydUpWe7O60jaQ+vFTzagoae+SWPKjhfKHiNo="))
    #expect(message.isSigned(Array(der), by: key.publicKey))
    #expect(message.text.split(separator: "\u{2063}", omittingEmptySubsequences: false).count == 7)
  }

  @Test func aGoodSignatureIsAllowedOnceThenItsNonceIsUsed() throws {
    let payment = try legacy()
    #expect(
      world.authorize(payment, for: account) == .allowed(offerId: "plus.comeback", introductoryOffer: nil))
    let again = try #require(refusal(payment))
    #expect(again.0 == .invalidSignature && again.1.contains("was used before"))
  }

  @Test func aSignatureOverAnotherProductIsNamed() throws {
    let refused = try #require(refusal(try legacy(signedProduct: "com.example.studio.plus.yearly")))
    #expect(refused.0 == .invalidSignature)
    #expect(refused.1 == "the signature is over product com.example.studio.plus.yearly, not \(Self.monthly)")
  }

  @Test func staleAndFutureTimestampsAreRefused() throws {
    let stale = try #require(refusal(try legacy(timestamp: Self.timestamp - 2 * 86_400_000)))
    #expect(stale.0 == .invalidSignature && stale.1.contains("a signature is good for 24 hours"))
    let future = try #require(refusal(try legacy(nonce: 2, timestamp: Self.timestamp + 86_400_000)))
    #expect(future.0 == .invalidSignature && future.1.contains("in the future"))
  }

  @Test func anUnknownKeyAMissingFieldAndBadEncodingsAreRefused() throws {
    var payment = try legacy()
    guard case .signature(var fields)? = payment.offerProof else { return }
    fields.keyId = "NOPE"
    payment.offerProof = .signature(fields)
    #expect(refusal(payment)?.1.hasPrefix("unknown key id NOPE") == true)
    fields.keyId = Self.keyId
    fields.signature = ""
    payment.offerProof = .signature(fields)
    #expect(refusal(payment)?.0 == .missingOfferParams)
    #expect(refusal(try legacy(signature: "not base64!"))?.1 == "the signature is not base64")
    let raw = try key.signature(for: Data("x".utf8)).rawRepresentation.base64EncodedString()
    #expect(refusal(try legacy(signature: raw))?.1.contains("64 raw bytes") == true)
  }

  @Test func aTimestampInSecondsIsNamed() throws {
    let message = PromotionalOfferMessage(
      bundleId: "com.example.studio", keyId: Self.keyId, productId: Self.monthly, offerId: "plus.comeback",
      appAccountToken: "", nonce: nonce(3), timestamp: String(Self.timestamp / 1000))
    let refused = try #require(refusal(try legacy(nonce: 3, signature: try message.signature(with: key))))
    #expect(refused.1.contains("the timestamp in seconds"))
  }

  @Test func theRealClockIsTheDefault() throws {
    world.offerKeys.clock = .real
    #expect(refusal(try legacy())?.1.contains("before real time") == true)
  }

  // MARK: JWS

  private func jws(
    aud: String = OfferJWSClaims.promotionalOfferAudience, bid: String = "com.example.studio",
    product: String = monthly, offer: String? = "plus.comeback", nonce: Int = 20, iat: Double = 1_767_913_200,
    transactionId: String? = nil, allow: Bool? = nil, keyId: String = keyId,
    signer: P256.Signing.PrivateKey? = nil
  ) throws -> String {
    let claims = OfferJWSClaims(
      iss: "issuer", iat: iat, aud: aud, bid: bid, nonce: self.nonce(nonce).uppercased(), productId: product,
      offerIdentifier: offer, transactionId: transactionId, allowIntroductoryOffer: allow)
    return try OfferJWS.sign(claims, keyId: keyId, with: signer ?? key)
  }

  private func jwsRefusal(_ compact: String, eligibility: Bool = false) -> (SKErrorCode, String)? {
    var payment = Payment(productId: Self.monthly)
    payment.offerProof = eligibility ? .introductoryOfferEligibilityJWS(compact) : .promotionalJWS(compact)
    return refusal(payment)
  }

  @Test func aGoodPromotionalJWSNamesItsOffer() throws {
    var payment = Payment(productId: Self.monthly)
    payment.offerProof = .promotionalJWS(try jws())
    #expect(
      world.authorize(payment, for: account) == .allowed(offerId: "plus.comeback", introductoryOffer: nil))
  }

  @Test func eachBrokenClaimIsNamed() throws {
    #expect(
      jwsRefusal(try jws(aud: "advanced-commerce-api"))?.1.hasPrefix("aud is advanced-commerce-api") == true)
    #expect(jwsRefusal(try jws(bid: "com.other.app"))?.1.hasPrefix("bid is com.other.app") == true)
    #expect(
      jwsRefusal(try jws(product: "com.example.studio.plus.yearly"))?.1.hasPrefix("productId is") == true)
    #expect(jwsRefusal(try jws(offer: nil))?.0 == .missingOfferParams)
    #expect(jwsRefusal(try jws(keyId: "NOPE"))?.1.hasPrefix("unknown key id NOPE") == true)
    #expect(jwsRefusal(try jws(signer: P256.Signing.PrivateKey()))?.1.contains("does not verify") == true)
    #expect(jwsRefusal(try jws(iat: 1_767_700_000))?.1.contains("24 hours") == true)
    #expect(jwsRefusal(try jws(transactionId: "1"))?.1.hasPrefix("transactionId 1 is not") == true)
    #expect(jwsRefusal("a.b")?.1.hasPrefix("the JWS cannot be read") == true)
    _ = jwsRefusal(try jws(nonce: 21))
    #expect(jwsRefusal(try jws(nonce: 21))?.1.contains("was used before") == true)
  }

  @Test func anEligibilityJWSDecidesTheIntroductoryOffer() throws {
    let appTransactionId = try #require(account.appTransactionId)
    var payment = Payment(productId: Self.monthly)
    payment.offerProof = .introductoryOfferEligibilityJWS(
      try jws(
        aud: OfferJWSClaims.introductoryOfferEligibilityAudience, offer: nil, transactionId: appTransactionId,
        allow: true))
    #expect(world.authorize(payment, for: account) == .allowed(offerId: nil, introductoryOffer: true))
    let missing = try jws(
      aud: OfferJWSClaims.introductoryOfferEligibilityAudience, offer: nil, nonce: 22, allow: false)
    #expect(jwsRefusal(missing, eligibility: true)?.0 == .missingOfferParams)
  }

  @Test func aSavedWorldKeepsKeysNoncesAndTheClock() throws {
    _ = world.authorize(try legacy(), for: account)
    let text = try WorldFile.encode(world)
    let loaded = try World(
      restoring: WorldFile.decode(text), log: EventLog(), authorityDirectory: testAuthorityDirectory)
    #expect(loaded.offerKeys.keys.map(\.keyId) == [Self.keyId] && loaded.offerKeys.clock == .world)
    #expect(loaded.offerKeys.use(of: nonce(1)) != nil)
  }

  @Test func aPaymentWaitingForAParentKeepsItsProofInASavedWorld() throws {
    world.store.isAskToBuyOn = true
    var payment = try legacy(nonce: 30)
    payment.winBackOfferId = "plus.winback.half"
    let transaction = try world.device.queue.add(payment)
    world.settle()
    #expect(transaction.state == .deferred)
    let loaded = try World(
      restoring: WorldFile.decode(try WorldFile.encode(world)), log: EventLog(),
      authorityDirectory: testAuthorityDirectory)
    let restored = try #require(loaded.registry.all.first { $0.handle == transaction.handle })
    #expect(restored.payment.offerProof == payment.offerProof)
    #expect(restored.payment.winBackOfferId == "plus.winback.half")
  }
}
