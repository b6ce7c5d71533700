import Foundation

/// What `POST /device/v1/DEVICE/purchase` asks: the product and the purchase's options as
/// StoreKit gathers them.
package struct PurchaseRequestWire: Codable, Sendable {
  package var productID: String
  package var quantity: Int?
  package var appAccountToken: UUID?
  /// A promotional offer with the legacy signature fields.
  package var promotionalOffer: LegacyOfferWire?
  /// A promotional offer's JWS (`promotionalOffer(_:compactJWS:)`), with its offer id.
  package var promotionalOfferID: String?
  package var promotionalOfferJWS: String?
  /// An introductory-offer eligibility JWS.
  package var introductoryOfferEligibilityJWS: String?
  /// A win-back offer's id.
  package var winBackOfferID: String?
  /// `billingPlanType(_:)`: the App Store's name of the plan (`MONTHLY`, `BILLED_UPFRONT`).
  package var billingPlanType: String?
  /// `simulatesAskToBuyInSandbox(true)`.
  package var simulatesAskToBuy: Bool?

  package init(productID: String) {
    self.productID = productID
  }
}

/// The legacy promotional offer signature fields.
package struct LegacyOfferWire: Codable, Sendable {
  package var offerID: String
  package var keyID: String
  package var nonce: UUID
  /// The signature, base64.
  package var signature: String
  package var timestamp: Int

  package init(offerID: String, keyID: String, nonce: UUID, signature: String, timestamp: Int) {
    self.offerID = offerID
    self.keyID = keyID
    self.nonce = nonce
    self.signature = signature
    self.timestamp = timestamp
  }
}

extension PurchaseRequestWire {
  /// The request a purchase's options make (options StoreKit keeps on the device, such as
  /// `onStorefrontChange`, stay there).
  package init(productID: String, options: Set<Product.PurchaseOption>) {
    self.init(productID: productID)
    for option in options {
      switch option.kind {
      case .appAccountToken(let token): appAccountToken = token
      case .quantity(let count): quantity = count
      case .simulatesAskToBuyInSandbox(let on): simulatesAskToBuy = on
      case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
        promotionalOffer = LegacyOfferWire(
          offerID: offerID, keyID: keyID, nonce: nonce, signature: signature.base64EncodedString(),
          timestamp: timestamp)
      case .winBackOffer(let offer): winBackOfferID = offer.id
      case .billingPlanType(let plan): billingPlanType = plan.rawValue
      case .custom(let key, .string(let text)): custom(key: key, text: text)
      case .custom, .onStorefrontChange, .testPromotionalOffer, .testCodeOffer, .testPurchaseDate: break
      }
    }
  }

  private mutating func custom(key: String, text: String) {
    switch key {
    case Product.PurchaseOption.CustomKey.promotionalOfferID: promotionalOfferID = text
    case Product.PurchaseOption.CustomKey.promotionalOfferSignature:
      promotionalOfferJWS = Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) } ?? text
    case Product.PurchaseOption.CustomKey.introductoryOfferEligibility: introductoryOfferEligibilityJWS = text
    default: break
    }
  }
}
