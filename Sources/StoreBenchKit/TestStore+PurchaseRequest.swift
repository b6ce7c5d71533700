import Foundation
import Queue

extension TestStore {
  /// What `product.purchase(options:)` asks for, gathered from its options.
  struct PurchaseRequest: Sendable {
    var productID: String
    var quantity = 1
    var appAccountToken: UUID?
    var offerID: String?
    var offerProof: OfferProof?
    var winBackOfferID: String?

    /// Takes in one purchase option.
    mutating func apply(_ option: Product.PurchaseOption) {
      switch option {
      case .quantity(let value): quantity = value
      case .appAccountToken(let value): appAccountToken = value
      case .promotionalOffer(let offer, let key, let nonce, let signature, let timestamp):
        offerID = offer
        offerProof = .signature(
          LegacyOfferSignature(
            keyId: key, nonce: nonce.uuidString.lowercased(), timestamp: String(timestamp),
            signature: signature.base64EncodedString(), appAccountToken: ""))
      case .promotionalOfferJWS(let offer, let compact):
        offerID = offer
        offerProof = .promotionalJWS(compact)
      case .introductoryOfferEligibility(let compact): offerProof = .introductoryOfferEligibilityJWS(compact)
      case .winBackOffer(let id): winBackOfferID = id
      }
    }

    /// The proof with the app account token the signature covers, once every option is in.
    var proof: OfferProof? {
      guard case .signature(var fields)? = offerProof else { return offerProof }
      fields.appAccountToken = appAccountToken?.uuidString.lowercased() ?? ""
      return .signature(fields)
    }
  }
}
