import ArgumentParser
import Catalog
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
      a refusal logs the cause (`offer-key` has the keys). --sign-with KEY signs here with a \
      registered key's .p8 file, as the developer's server would (offer-key sign, at the time \
      offer-key clock reads, with a new nonce): the legacy fields for --promotional-offer, a JWS \
      with --jws, or with --intro-eligibility true|false an eligibility JWS (its transactionId the \
      customer's appTransactionId unless --transaction-id), so that a script buys a signed offer \
      in one line.
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
    help: ArgumentHelp(
      "Sign the offer here with this registered key, as the developer's server would.", valueName: "key"),
    completion: .session(.offerKeys))
  var signWith: String?

  @Flag(help: "With --sign-with: sign the promotional offer as a JWS (promotionalOffer(_:compactJWS:)).")
  var jws = false

  @Option(
    help: "With --sign-with: an eligibility JWS allowing the introductory offer (true) or not (false).",
    completion: .list(["true", "false"]))
  var introEligibility: Bool?

  @Option(help: "With --sign-with: the JWS's transactionId (eligibility: the customer's appTransactionId).")
  var transactionId: String?

  @Option(
    help: "A win-back offer (PurchaseOption.winBackOffer), for a churned subscriber.",
    completion: .session(.winBackOffers))
  var winBackOffer: String?

  @Option(
    help: ArgumentHelp(
      "A billing plan (PurchaseOption.billingPlanType): monthly, a 12-month commitment billed monthly.",
      valueName: "plan"),
    completion: .list(BillingPlan.Kind.allCases.map(\.word)))
  var billingPlan: BillingPlan.Kind?

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
    try validateSigning()
  }

  /// `--sign-with` signs one offer: a promotional offer (legacy, or `--jws`) or `--intro-eligibility`,
  /// with no signature given.
  private func validateSigning() throws {
    try requireNonEmpty(signWith, "--sign-with")
    try requireNonEmpty(transactionId, "--transaction-id")
    guard signWith != nil else {
      if jws || introEligibility != nil || transactionId != nil {
        throw ValidationError("--jws, --intro-eligibility and --transaction-id go with --sign-with KEY")
      }
      return
    }
    if signature.isGiven || offerJws != nil || introEligibilityJws != nil {
      throw ValidationError("--sign-with makes the signature: give no signature fields or JWS")
    }
    switch (promotionalOffer, introEligibility) {
    case (nil, nil):
      throw ValidationError("--sign-with signs --promotional-offer OFFER or --intro-eligibility true|false")
    case (.some, .some):
      throw ValidationError("--promotional-offer and --intro-eligibility are two purchases' options")
    case (nil, .some) where jws:
      throw ValidationError("an eligibility JWS is a JWS already: leave --jws out")
    default:
      break
    }
  }

  /// The offer proof the options make, if any; with `--sign-with`, signed here.
  private func offerProof(in session: Session) throws -> OfferProof? {
    if let signWith {
      let signer = try DeveloperOfferSigner(keyId: signWith, in: session)
      if let promotionalOffer, !jws {
        return .signature(
          try signer.legacySignature(
            productId: productId, offerId: promotionalOffer, appAccountToken: appAccountToken ?? ""))
      }
      // An eligibility JWS names one of the customer's transactions; their app download is one.
      let customer = introEligibility == nil ? nil : try session.account.appTransactionId
      let jws = try signer.jws(
        productId: productId, offerId: promotionalOffer, transactionId: transactionId ?? customer,
        allowIntroductoryOffer: introEligibility)
      return introEligibility == nil ? .promotionalJWS(jws) : .introductoryOfferEligibilityJWS(jws)
    }
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
      offerProof: try offerProof(in: session), winBackOfferId: winBackOffer, billingPlan: billingPlan)
  }
}
