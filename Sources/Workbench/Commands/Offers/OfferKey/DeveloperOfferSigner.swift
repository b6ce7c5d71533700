import Crypto
import Foundation
import Queue
import Simulation
import Verifier

/// The developer's server signing an offer with an In-App Purchase key's `.p8` file, as Apple's App
/// Store Server Library does: for `offer-key sign`, which prints what it signs, and for `buy
/// --sign-with` and `purchase --sign-with`, which sign and pay in one line (so that a script
/// needs no signature copied from an earlier line's output).
struct DeveloperOfferSigner {
  /// The key's id.
  let keyId: String
  private let privateKey: P256.Signing.PrivateKey
  /// The app's bundle id, which every signature covers.
  let bundleId: String
  /// When it signs, in milliseconds since 1970.
  let milliseconds: Int64
  /// The nonce, a UUID in lower case.
  let nonce: String
  /// The issuer id a JWS names (`iss`).
  let issuerId: String

  /// A signer for a key, at the time `offer-key clock` reads (real time unless the world's).
  ///
  /// - Parameters:
  ///   - keyId: the key's id.
  ///   - keyFile: its `.p8` file; by default the one `offer-key create` or `import` used.
  ///   - nonce: the nonce; a new UUID by default.
  ///   - timestamp: when it signs, in milliseconds since 1970; now by default.
  ///   - issuerId: the issuer id a JWS names.
  ///   - session: the session whose world and key files it uses.
  /// - Throws: ``WorkbenchError`` when no file is known for the key, or it holds no P-256 key.
  init(
    keyId: String, keyFile: String? = nil, nonce: String? = nil, timestamp: Int64? = nil,
    issuerId: String = APIKeyRegistry.defaultIssuerId, in session: Session
  ) throws(WorkbenchError) {
    guard let file = keyFile ?? session.offerKeyFiles[keyId] else {
      throw WorkbenchError(
        .notFound,
        "no .p8 file known for key \(keyId): `offer-key create` or `offer-key import` registers one "
          + "(offer-key sign also takes --key FILE)")
    }
    if keyFile == nil, let known = session.offerPrivateKeys[keyId] {
      privateKey = known
    } else {
      privateKey = try session.privateKey(in: file)
    }
    let world = session.world
    let now = world.offerKeys.clock == .real ? Date() : world.store.clock.now
    self.keyId = keyId
    bundleId = world.store.catalog.bundleId
    milliseconds = timestamp ?? Int64((now.timeIntervalSince1970 * 1000).rounded())
    self.nonce = (nonce ?? UUID().uuidString).lowercased()
    self.issuerId = issuerId
  }

  /// The legacy signature's fields (`PromotionalOfferSignatureCreator`), as a payment carries them.
  ///
  /// - Parameter appAccountToken: the application username or app account token it covers.
  func legacySignature(
    productId: String, offerId: String, appAccountToken: String
  ) throws(WorkbenchError) -> LegacyOfferSignature {
    let message = PromotionalOfferMessage(
      bundleId: bundleId, keyId: keyId, productId: productId, offerId: offerId,
      appAccountToken: appAccountToken, nonce: nonce, timestamp: String(milliseconds))
    let signature: String
    do {
      signature = try message.signature(with: privateKey)
    } catch {
      throw WorkbenchError(.invalidValue, "cannot sign with key \(keyId): \(error)")
    }
    return LegacyOfferSignature(
      keyId: keyId, nonce: nonce, timestamp: String(milliseconds), signature: signature,
      appAccountToken: appAccountToken)
  }

  /// A JWS: a promotional offer's (`PromotionalOfferV2SignatureCreator`) when `offerId` is given,
  /// else an introductory-offer eligibility one (`IntroductoryOfferEligibilitySignatureCreator`)
  /// allowing the offer or not.
  func jws(
    productId: String, offerId: String?, transactionId: String?, allowIntroductoryOffer: Bool?
  ) throws(WorkbenchError) -> String {
    let claims = OfferJWSClaims(
      iss: issuerId, iat: Double(milliseconds / 1000),
      aud: offerId == nil
        ? OfferJWSClaims.introductoryOfferEligibilityAudience : OfferJWSClaims.promotionalOfferAudience,
      bid: bundleId, nonce: nonce, productId: productId, offerIdentifier: offerId,
      transactionId: transactionId, allowIntroductoryOffer: allowIntroductoryOffer)
    do {
      return try OfferJWS.sign(claims, keyId: keyId, with: privateKey)
    } catch {
      throw WorkbenchError(.invalidValue, "cannot sign with key \(keyId): \(error)")
    }
  }
}
