import Foundation
import Queue

/// What `product.purchase(options:)` asks of the App Store, gathered from its options.
struct PurchaseRequest: Sendable {
  var productID: String
  var quantity = 1
  var appAccountToken: UUID?
  var offerID: String?
  var offerProof: OfferProof?
  var legacySignature: LegacyOfferSignature?
  var winBackOfferID: String?
  var codeOfferReference: String?
  var simulatesAskToBuy = false
  var backdate: (date: Date, cancelsImmediately: Bool)?
  private var jwsOfferID: String?
  private var jwsSignature: String?

  init(productID: String, options: Set<Product.PurchaseOption>) {
    self.productID = productID
    for option in options { apply(option.kind) }
    if let jwsOfferID, let jwsSignature {
      offerID = jwsOfferID
      offerProof = .promotionalJWS(jwsSignature)
    }
    if var legacySignature {
      legacySignature.appAccountToken = appAccountToken?.uuidString.lowercased() ?? ""
      offerProof = .signature(legacySignature)
    }
  }

  private mutating func apply(_ kind: Product.PurchaseOption.Kind) {
    switch kind {
    case .appAccountToken(let token): appAccountToken = token
    case .quantity(let value): quantity = value
    case .simulatesAskToBuyInSandbox(let on): simulatesAskToBuy = on
    case .custom(let key, let value): applyCustom(key, value)
    case .onStorefrontChange: break  // a purchase here is instant: the storefront cannot change during it
    case .promotionalOffer(let offer, let key, let nonce, let signature, let timestamp):
      offerID = offer
      legacySignature = LegacyOfferSignature(
        keyId: key, nonce: nonce.uuidString.lowercased(), timestamp: String(timestamp),
        signature: signature.base64EncodedString(), appAccountToken: "")
    case .winBackOffer(let offer): winBackOfferID = offer.id
    case .testPromotionalOffer(let id): offerID = id
    case .testCodeOffer(let reference): codeOfferReference = reference
    case .testPurchaseDate(let date, let cancelsImmediately): backdate = (date, cancelsImmediately)
    }
  }

  /// The custom options StoreKit's back-deployed offer options make.
  private mutating func applyCustom(_ key: String, _ value: Product.PurchaseOption.CustomValue) {
    guard case .string(let text) = value else { return }
    switch key {
    case Product.PurchaseOption.CustomKey.promotionalOfferID: jwsOfferID = text
    case Product.PurchaseOption.CustomKey.promotionalOfferSignature:
      jwsSignature = Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) } ?? text
    case Product.PurchaseOption.CustomKey.introductoryOfferEligibility:
      offerProof = .introductoryOfferEligibilityJWS(text)
    default: break
    }
  }
}
