/// What a payment carries to prove the developer offers the customer a discount: the fields of a
/// legacy promotional-offer signature, or a JWS the developer's server signed.
public enum OfferProof: Hashable, Sendable {
  /// `SKPaymentDiscount` / `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`: the
  /// fields as the app passed them (an empty one is missing). The offer is the payment's.
  case signature(LegacyOfferSignature)
  /// `promotionalOffer(_:compactJWS:)`: a JWS with `aud` `promotional-offer`.
  case promotionalJWS(String)
  /// `introductoryOfferEligibility(compactJWS:)`: a JWS with `aud` `introductory-offer-eligibility`.
  case introductoryOfferEligibilityJWS(String)
}

/// The fields of a legacy promotional-offer signature, as an app passes them to StoreKit.
public struct LegacyOfferSignature: Hashable, Sendable {
  /// The In-App Purchase key's id.
  public var keyId: String
  /// The nonce, a UUID.
  public var nonce: String
  /// When the developer's server signed, in milliseconds since 1970, as text.
  public var timestamp: String
  /// The signature: DER, standard base64.
  public var signature: String
  /// `SKPayment.applicationUsername`, or StoreKit 2's app account token; empty when none.
  public var appAccountToken: String

  /// Creates the fields.
  public init(keyId: String, nonce: String, timestamp: String, signature: String, appAccountToken: String) {
    self.keyId = keyId
    self.nonce = nonce
    self.timestamp = timestamp
    self.signature = signature
    self.appAccountToken = appAccountToken
  }
}
