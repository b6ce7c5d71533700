import Catalog
import Crypto
import Foundation
import Queue
import Store
import Verifier

extension World: PaymentAuthorizer {
  /// Checks a payment's offer proof as the App Store does when it processes the payment, and says
  /// exactly what is wrong where the App Store says only "invalid signature".
  public func authorize(_ payment: Payment, for account: Account) -> PaymentAuthorization {
    let keys = allOfferKeys
    switch payment.offerProof {
    case nil: return .allowed(offerId: payment.offerId, introductoryOffer: nil)
    case .signature(let fields): return authorize(legacy: fields, payment: payment, keys: keys)
    case .promotionalJWS(let compact):
      return authorize(
        jws: compact, audience: OfferJWSClaims.promotionalOfferAudience, payment, account, keys)
    case .introductoryOfferEligibilityJWS(let compact):
      return authorize(
        jws: compact, audience: OfferJWSClaims.introductoryOfferEligibilityAudience, payment, account, keys)
    }
  }

  // MARK: The legacy signature

  private func authorize(
    legacy fields: LegacyOfferSignature, payment: Payment, keys: [OfferKeyRing.Key]
  ) -> PaymentAuthorization {
    let given: [(String, String)] = [
      ("offer identifier", payment.offerId ?? ""), ("key identifier", fields.keyId), ("nonce", fields.nonce),
      ("timestamp", fields.timestamp), ("signature", fields.signature),
    ]
    if let missing = given.first(where: { $0.1.isEmpty }) {
      return .refused(.missingOfferParams, reason: "the payment discount has no \(missing.0)")
    }
    let message = PromotionalOfferMessage(
      bundleId: store.catalog.bundleId, keyId: fields.keyId, productId: payment.productId,
      offerId: payment.offerId ?? "", appAccountToken: fields.appAccountToken, nonce: fields.nonce,
      timestamp: fields.timestamp)
    guard let key = keys.first(where: { $0.keyId == fields.keyId }) else {
      return .refused(.invalidSignature, reason: "unknown key id \(fields.keyId) (\(known(keys)))")
    }
    let der: [UInt8]
    switch OfferSignatureDiagnosis.der(from: fields.signature) {
    case .success(let bytes): der = bytes
    case .failure(let problem): return .refused(.invalidSignature, reason: problem.reason)
    }
    guard message.isSigned(der, by: key.publicKey) else {
      let diagnosis = OfferSignatureDiagnosis(world: self, keys: keys)
      return .refused(.invalidSignature, reason: diagnosis.explain(der, message: message, key: key))
    }
    guard let milliseconds = Double(fields.timestamp) else {
      return .refused(
        .invalidSignature, reason: "the timestamp \(fields.timestamp) is not a number of milliseconds")
    }
    if let stale = staleness(of: Date(timeIntervalSince1970: milliseconds / 1000), "timestamp") {
      return .refused(.invalidSignature, reason: stale)
    }
    if let reuse = reuse(of: fields.nonce) { return .refused(.invalidSignature, reason: reuse) }
    offerKeys.recordUse(of: fields.nonce, at: offerSignatureNow)
    return .allowed(offerId: payment.offerId, introductoryOffer: nil)
  }

  // MARK: The JWS forms

  private func authorize(
    jws compact: String, audience: String, _ payment: Payment, _ account: Account, _ keys: [OfferKeyRing.Key]
  ) -> PaymentAuthorization {
    let jws: OfferJWS
    do {
      jws = try OfferJWS(compact)
    } catch {
      return .refused(.invalidSignature, reason: "the JWS cannot be read: \(error.reason)")
    }
    if let refusal = checkSignature(of: jws, keys: keys) { return refusal }
    let claims = jws.claims
    if let aud = claims.aud, aud != audience {
      return .refused(.invalidSignature, reason: "aud is \(aud); this purchase option needs \(audience)")
    }
    let isPromotional = audience == OfferJWSClaims.promotionalOfferAudience
    var required: [(String, Bool)] = [
      ("iss", claims.iss != nil), ("iat", claims.iat != nil), ("aud", claims.aud != nil),
      ("bid", claims.bid != nil), ("nonce", claims.nonce != nil), ("productId", claims.productId != nil),
    ]
    required +=
      isPromotional
      ? [("offerIdentifier", claims.offerIdentifier != nil)]
      : [
        ("transactionId", claims.transactionId != nil),
        ("allowIntroductoryOffer", claims.allowIntroductoryOffer != nil),
      ]
    if let missing = required.first(where: { !$0.1 }) {
      return .refused(.missingOfferParams, reason: "the JWS has no \(missing.0) claim")
    }
    if let refusal = checkClaims(claims, audience: audience, payment, account) { return refusal }
    offerKeys.recordUse(of: claims.nonce ?? "", at: offerSignatureNow)
    return isPromotional
      ? .allowed(offerId: claims.offerIdentifier, introductoryOffer: nil)
      : .allowed(offerId: payment.offerId, introductoryOffer: claims.allowIntroductoryOffer)
  }

  private func checkSignature(of jws: OfferJWS, keys: [OfferKeyRing.Key]) -> PaymentAuthorization? {
    guard jws.header.alg == "ES256" else {
      return .refused(.invalidSignature, reason: "the JWS's alg is \(jws.header.alg ?? "missing"), not ES256")
    }
    guard let kid = jws.header.kid else {
      return .refused(.invalidSignature, reason: "the JWS header has no kid naming the In-App Purchase key")
    }
    guard let key = keys.first(where: { $0.keyId == kid }) else {
      return .refused(.invalidSignature, reason: "unknown key id \(kid) in the JWS header (\(known(keys)))")
    }
    guard jws.isSigned(by: key.publicKey) else {
      if let other = keys.first(where: { $0.keyId != kid && jws.isSigned(by: $0.publicKey) }) {
        return .refused(
          .invalidSignature, reason: "the JWS was signed with key \(other.keyId), but its kid says \(kid)")
      }
      return .refused(.invalidSignature, reason: "the JWS's signature does not verify with key \(kid)")
    }
    return nil
  }

  private func checkClaims(
    _ claims: OfferJWSClaims, audience: String, _ payment: Payment, _ account: Account
  ) -> PaymentAuthorization? {
    func refuse(_ reason: String) -> PaymentAuthorization { .refused(.invalidSignature, reason: reason) }
    if claims.aud != audience {
      return refuse("aud is \(claims.aud ?? ""); this purchase option needs \(audience)")
    }
    if claims.bid != store.catalog.bundleId {
      return refuse("bid is \(claims.bid ?? ""), not the app's bundle id \(store.catalog.bundleId)")
    }
    if claims.productId != payment.productId {
      return refuse("productId is \(claims.productId ?? ""), but the purchase is of \(payment.productId)")
    }
    if audience == OfferJWSClaims.promotionalOfferAudience, let offer = payment.offerId,
      offer != claims.offerIdentifier
    {
      return refuse(
        "offerIdentifier is \(claims.offerIdentifier ?? ""), but the purchase option names \(offer)")
    }
    if let id = claims.transactionId, !belongs(id, to: account) {
      return refuse("transactionId \(id) is not a transaction or the appTransactionId of \(account.name)")
    }
    if let stale = staleness(of: Date(timeIntervalSince1970: claims.iat ?? 0), "iat") { return refuse(stale) }
    return reuse(of: claims.nonce ?? "").map(refuse)
  }

  // MARK: Shared rules

  /// Why a signature time is no good, if it is not: older than the lifetime, or ahead of the clock.
  private func staleness(of signed: Date, _ name: String) -> String? {
    let now = offerSignatureNow
    let clock = offerKeys.clock == .real ? "real time" : "the world's clock"
    let age = now.timeIntervalSince(signed)
    if age > OfferKeyRing.lifetime {
      return "the \(name) \(Timestamp.iso8601(signed)) is \(Int(age / 3600)) hours before \(clock) "
        + "(\(Timestamp.iso8601(now))): a signature is good for 24 hours"
    }
    if -age > OfferKeyRing.allowedSkew {
      return
        "the \(name) \(Timestamp.iso8601(signed)) is in the future of \(clock) (\(Timestamp.iso8601(now)))"
    }
    return nil
  }

  private func reuse(of nonce: String) -> String? {
    offerKeys.use(of: nonce).map {
      "the nonce \(nonce.lowercased()) was used before, \(Timestamp.iso8601($0))"
    }
  }

  private func belongs(_ transactionId: String, to account: Account) -> Bool {
    account.appTransactionId == transactionId
      || account.history.contains { $0.transactionId == transactionId }
  }

  private func known(_ keys: [OfferKeyRing.Key]) -> String {
    let ids = keys.map(\.keyId)
    return ids.isEmpty
      ? "no offer key is registered: offer-key create or import"
      : "registered: \(ids.joined(separator: ", "))"
  }
}
