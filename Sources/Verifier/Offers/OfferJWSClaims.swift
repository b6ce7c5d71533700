/// The claims of a JWS the developer's server signs for a StoreKit purchase (WWDC25,
/// "Generating JWS to sign App Store requests"): the base claims of every such JWS and those of a
/// promotional offer (`aud` `promotional-offer`) or an introductory-offer eligibility
/// (`introductory-offer-eligibility`). Every claim is optional here: the checker names what is
/// missing.
public struct OfferJWSClaims: Hashable, Sendable, Codable {
  /// The audience of a promotional offer's JWS.
  public static let promotionalOfferAudience = "promotional-offer"
  /// The audience of an introductory-offer eligibility JWS.
  public static let introductoryOfferEligibilityAudience = "introductory-offer-eligibility"

  /// The issuer id of the developer's team (App Store Connect's Keys page).
  public var iss: String?
  /// When it was signed, in seconds since 1970.
  public var iat: Double?
  /// What it is for.
  public var aud: String?
  /// The app's bundle id.
  public var bid: String?
  /// A one-time UUID, in either case (Apple's Swift library writes upper case, Python lower case).
  public var nonce: String?
  /// The product.
  public var productId: String?
  /// The promotional offer (promotional offers only).
  public var offerIdentifier: String?
  /// Any transaction of the customer, or their `appTransactionId`.
  public var transactionId: String?
  /// Whether the customer may have the introductory offer (eligibility only).
  public var allowIntroductoryOffer: Bool?

  /// Creates claims.
  public init(
    iss: String? = nil, iat: Double? = nil, aud: String? = nil, bid: String? = nil, nonce: String? = nil,
    productId: String? = nil, offerIdentifier: String? = nil, transactionId: String? = nil,
    allowIntroductoryOffer: Bool? = nil
  ) {
    self.iss = iss
    self.iat = iat
    self.aud = aud
    self.bid = bid
    self.nonce = nonce
    self.productId = productId
    self.offerIdentifier = offerIdentifier
    self.transactionId = transactionId
    self.allowIntroductoryOffer = allowIntroductoryOffer
  }
}
