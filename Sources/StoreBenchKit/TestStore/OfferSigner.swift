import Crypto
import Foundation
import Simulation
import Verifier

/// Your server's side of promotional offers in a test: an In-App Purchase key the test store
/// knows, signing offers as Apple's App Store Server Library does. Make one with
/// ``TestStore/makeOfferKey(id:)``; pass what it signs to `product.purchase(options:)`.
public struct OfferSigner: Sendable {
  /// The key's id.
  public let keyID: String
  /// The app's bundle id, which every signature covers.
  public let bundleID: String
  private let key: P256.Signing.PrivateKey
  private let clock: @Sendable () -> Date

  /// A new In-App Purchase key.
  static func makeKey() -> P256.Signing.PrivateKey { P256.Signing.PrivateKey() }

  init(keyID: String, bundleID: String, key: P256.Signing.PrivateKey, clock: @escaping @Sendable () -> Date) {
    self.keyID = keyID
    self.bundleID = bundleID
    self.key = key
    self.clock = clock
  }

  /// When a signature made now is dated: the world's clock, as your server's clock would read
  /// beside the App Store's (it moves with ``TestStore/advanceClock(by:)``).
  public var now: Date { clock() }

  /// A legacy signature (`PromotionalOfferSignatureCreator`): its DER bytes, for
  /// `.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)` with `timestamp`.
  public func promotionalOfferSignature(
    productID: String, offerID: String, appAccountToken: UUID? = nil, nonce: UUID
  ) throws -> (signature: Data, timestamp: Int) {
    let timestamp = Int((clock().timeIntervalSince1970 * 1000).rounded())
    let message = PromotionalOfferMessage(
      bundleId: bundleID, keyId: keyID, productId: productID, offerId: offerID,
      appAccountToken: appAccountToken?.uuidString ?? "", nonce: nonce.uuidString,
      timestamp: String(timestamp))
    let base64 = try message.signature(with: key)
    return (Data(base64Encoded: base64) ?? Data(), timestamp)
  }

  /// A promotional offer's JWS (`PromotionalOfferV2SignatureCreator`).
  public func promotionalOfferJWS(
    productID: String, offerID: String, transactionID: String? = nil
  ) throws -> String {
    try OfferJWS.sign(
      claims(
        OfferJWSClaims.promotionalOfferAudience, productID: productID, offerID: offerID,
        transactionID: transactionID),
      keyId: keyID, with: key)
  }

  /// An introductory-offer eligibility JWS (`IntroductoryOfferEligibilitySignatureCreator`).
  public func introductoryOfferEligibilityJWS(
    productID: String, allow: Bool, transactionID: String
  ) throws -> String {
    var claims = claims(
      OfferJWSClaims.introductoryOfferEligibilityAudience, productID: productID, offerID: nil,
      transactionID: transactionID)
    claims.allowIntroductoryOffer = allow
    return try OfferJWS.sign(claims, keyId: keyID, with: key)
  }

  private func claims(
    _ audience: String, productID: String, offerID: String?, transactionID: String?
  ) -> OfferJWSClaims {
    OfferJWSClaims(
      iss: APIKeyRegistry.defaultIssuerId, iat: clock().timeIntervalSince1970.rounded(.down),
      aud: audience,
      bid: bundleID, nonce: UUID().uuidString.lowercased(), productId: productID, offerIdentifier: offerID,
      transactionId: transactionID)
  }
}
