import Catalog
import Foundation
import Queue

/// What `product.purchase(options:)` asks of the App Store, gathered from its options.
struct PurchaseRequest: Sendable {
  var productID: String
  var quantity = 1
  var appAccountToken: UUID?
  var offerID: String?
  var offerProof: OfferProof?
  var winBackOfferID: String?
  /// The billing plan `billingPlanType(_:)` chose; a plan the App Store does not name is refused
  /// as a plan the product lacks would be.
  var billingPlan: BillingPlan.Kind?
  var unknownBillingPlan: String?
  var codeOfferReference: String?
  var simulatesAskToBuy = false
  var backdate: (date: Date, cancelsImmediately: Bool)?

  init(productID: String, options: Set<Product.PurchaseOption>) {
    self.init(PurchaseRequestWire(productID: productID, options: options))
    for option in options {
      switch option.kind {
      case .testPromotionalOffer(let id): offerID = id
      case .testCodeOffer(let reference): codeOfferReference = reference
      case .testPurchaseDate(let date, let cancelsImmediately): backdate = (date, cancelsImmediately)
      default: break  // gathered by PurchaseRequestWire, or kept on the device (onStorefrontChange)
      }
    }
  }

  /// The request a purchase's options make, as StoreBenchClient gathers them (the same for a
  /// connected app, whose options travel in that form).
  init(_ wire: PurchaseRequestWire) {
    productID = wire.productID
    quantity = wire.quantity ?? 1
    appAccountToken = wire.appAccountToken
    simulatesAskToBuy = wire.simulatesAskToBuy ?? false
    winBackOfferID = wire.winBackOfferID
    if let plan = wire.billingPlanType {
      billingPlan = BillingPlan.Kind(rawValue: plan)
      if billingPlan == nil { unknownBillingPlan = plan }
    }
    if let jws = wire.introductoryOfferEligibilityJWS { offerProof = .introductoryOfferEligibilityJWS(jws) }
    if let id = wire.promotionalOfferID, let jws = wire.promotionalOfferJWS {
      offerID = id
      offerProof = .promotionalJWS(jws)
    }
    if let offer = wire.promotionalOffer {
      offerID = offer.offerID
      offerProof = .signature(
        LegacyOfferSignature(
          keyId: offer.keyID, nonce: offer.nonce.uuidString.lowercased(), timestamp: String(offer.timestamp),
          signature: offer.signature, appAccountToken: appAccountToken?.uuidString.lowercased() ?? ""))
    }
  }
}
