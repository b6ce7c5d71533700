import ArgumentParser
import Foundation
import Queue
import Simulation

/// `purchase PRODUCT [--quantity N] [--app-account-token UUID] [an offer]`:
/// `Product.purchase(options:)`.
struct PurchaseCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "purchase",
    abstract: "Buy a product through StoreKit 2 (Product.purchase): the app gets a PurchaseResult.",
    discussion: """
      The result is logged as the app's purchaseResult: success with the VerificationResult \
      (verified, or unverified with the VerificationError) and the transaction; userCancelled \
      (`cancel-next`); pending (Ask to Buy: the answer arrives through Transaction.updates); or the \
      error the call threw, by its StoreKit 2 name (Product.PurchaseError.purchaseNotAllowed, \
      StoreKitError.networkError, …; `fail-next buy CODE` injects one). The purchase goes through \
      the device's one queue, so StoreKit 1 observers hear it too. Needs `app sk2` or `app both`. \
      Offers: --promotional-offer with the legacy signature fields \
      (promotionalOffer(offerID:keyID:nonce:signature:timestamp:)), --offer-jws \
      (promotionalOffer(_:compactJWS:)), --intro-eligibility-jws \
      (introductoryOfferEligibility(compactJWS:)); each checked when the payment is processed, and \
      a refusal logs the cause (`offer-key` has the keys).
      """)

  @Argument(help: "The product identifier.", completion: .session(.products))
  var productId: String

  @Option(name: [.customShort("q"), .long], help: "How many, 1 to 10 (consumables).")
  var quantity = 1

  @Option(help: "A UUID tying the purchase to the customer's account on your server.")
  var appAccountToken: String?

  @Option(help: "A promotional offer, with the legacy signature fields below.", completion: .session(.offers))
  var promotionalOffer: String?

  @OptionGroup var signature: OfferSignatureOptions

  @Option(help: "A promotional offer's JWS (aud promotional-offer), from the developer's server.")
  var offerJws: String?

  @Option(help: "An introductory-offer eligibility JWS (aud introductory-offer-eligibility).")
  var introEligibilityJws: String?

  @Option(
    help: "A win-back offer (PurchaseOption.winBackOffer), for a churned subscriber.",
    completion: .session(.winBackOffers))
  var winBackOffer: String?

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try require(quantity, in: 1...10, "--quantity")
    if let appAccountToken, UUID(uuidString: appAccountToken) == nil {
      throw ValidationError("--app-account-token takes a UUID, such as 7E3F5A2C-1B9D-4C8E-A6F0-3D2B1C9E8A7F")
    }
    try requireNonEmpty(promotionalOffer, "--promotional-offer")
    try requireNonEmpty(winBackOffer, "--win-back-offer")
    if winBackOffer != nil, promotionalOffer != nil || offerJws != nil {
      throw ValidationError("a purchase takes one offer: --win-back-offer or a promotional offer")
    }
    if offerJws != nil, introEligibilityJws != nil || signature.isGiven {
      throw ValidationError("--offer-jws carries its own signature: give no other signature")
    }
    if signature.isGiven, promotionalOffer == nil {
      throw ValidationError("signature fields go with --promotional-offer OFFER")
    }
    if introEligibilityJws != nil, signature.isGiven {
      throw ValidationError(
        "--intro-eligibility-jws and a promotional offer's signature are two purchases' options")
    }
  }

  /// The offer proof the options make, if any.
  private var offerProof: OfferProof? {
    if let offerJws { return .promotionalJWS(offerJws) }
    if let introEligibilityJws { return .introductoryOfferEligibilityJWS(introEligibilityJws) }
    if promotionalOffer != nil { return .signature(signature.fields(appAccountToken: appAccountToken)) }
    return nil
  }

  func execute(in session: Session) throws {
    _ = try session.account
    try session.requireProduct(productId)
    guard session.device.api.usesStoreKit2 else {
      throw WorkbenchError(
        .notAllowed,
        "the app on \(session.device.name) uses StoreKit 1 only: `app sk2` or `app both` first (or `buy`)")
    }
    try session.device.storeKit2.purchase(
      productId, quantity: quantity, appAccountToken: appAccountToken?.lowercased(),
      offerId: promotionalOffer,
      offerProof: offerProof, winBackOfferId: winBackOffer)
  }
}
