import Catalog
import StoreBenchKit

/// The `purchase` command line a connected app's `product.purchase(options:)` makes: the product,
/// then a flag for each option (`--quantity`, `--app-account-token`, an offer with its signature).
enum PurchaseLine {
  /// The command's words.
  static func words(for request: PurchaseRequestWire) -> [String] {
    var words = ["purchase", request.productID]
    if let quantity = request.quantity { words += ["--quantity", String(quantity)] }
    if let token = request.appAccountToken {
      words += ["--app-account-token", token.uuidString.lowercased()]
    }
    if let offer = request.promotionalOffer {
      words += [
        "--promotional-offer", offer.offerID, "--key-id", offer.keyID, "--nonce",
        offer.nonce.uuidString.lowercased(),
        "--signature", offer.signature, "--timestamp", String(offer.timestamp),
      ]
    }
    if let jws = request.promotionalOfferJWS {
      words += ["--promotional-offer", request.promotionalOfferID ?? "", "--offer-jws", jws]
    }
    if let jws = request.introductoryOfferEligibilityJWS { words += ["--intro-eligibility-jws", jws] }
    if let offer = request.winBackOfferID { words += ["--win-back-offer", offer] }
    if let plan = request.billingPlanType {
      words += ["--billing-plan", BillingPlan.Kind(word: plan)?.word ?? plan]
    }
    return words
  }
}
