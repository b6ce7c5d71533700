import ArgumentParser
import Catalog
import Queue

/// `buy ID [--quantity N] [--offer ID | --discount ID (--key-id … --signature … | --sign-with KEY)]
/// [--unchecked]`: adds a payment to the queue.
struct BuyCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy",
    abstract: "Buy a product: add a payment to the device's queue.",
    discussion: """
      An id the catalog does not have is refused as a typo. With --unchecked the payment is sent \
      anyway, as an app that skipped the products request would, and fails with SKError 3 paymentInvalid. \
      --discount buys a promotional offer as SKPaymentDiscount does, with the developer's signature \
      (--key-id, --nonce, --timestamp, --signature; `offer-key sign` makes one), checked when the \
      payment is processed: SKError 12 invalidSignature, 11 invalidOfferIdentifier, 13 \
      missingOfferParams, 14 invalidOfferPrice or 18 ineligibleForOffer, with a log line naming the \
      cause. --discount OFFER --sign-with KEY signs here with a registered key's .p8 file, as the \
      developer's server would (offer-key sign, at the time offer-key clock reads, with a new \
      nonce), so that a script buys a signed offer in one line. --offer is storebench's unsigned \
      shortcut, like Xcode's test-only promotionalOffer(id:).
      """)

  @Argument(help: "The product identifier.", completion: .session(.products))
  var productId: String

  @Option(name: [.customShort("q"), .long], help: "How many, 1 to 10.")
  var quantity = 1

  @Option(
    help: "A promotional offer to redeem, unsigned (storebench's shortcut).", completion: .session(.offers))
  var offer: String?

  @Option(
    help: "A promotional offer to redeem with the signature fields below.", completion: .session(.offers))
  var discount: String?

  @OptionGroup var signature: OfferSignatureOptions

  @Option(
    help: ArgumentHelp(
      "Sign the --discount here with this registered key, as the developer's server would.", valueName: "key"),
    completion: .session(.offerKeys))
  var signWith: String?

  @Option(help: "SKPayment.applicationUsername, which the signature covers.")
  var applicationUsername: String?

  @Option(
    help: ArgumentHelp(
      "A billing plan of the subscription: monthly (a 12-month commitment billed monthly) or billed-up-front.",
      valueName: "plan"),
    completion: .list(BillingPlan.Kind.allCases.map(\.word)))
  var billingPlan: BillingPlan.Kind?

  @Flag(help: "Send the payment even when the catalog has no such product.")
  var unchecked = false

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try require(quantity, in: 1...10, "--quantity")
    try requireNonEmpty(offer, "--offer")
    try requireNonEmpty(discount, "--discount")
    if offer != nil, discount != nil {
      throw ValidationError("--offer is unsigned and --discount signed: give one of them")
    }
    if discount == nil, signature.isGiven || applicationUsername != nil || signWith != nil {
      throw ValidationError("signature fields go with --discount OFFER")
    }
    try requireNonEmpty(signWith, "--sign-with")
    if signWith != nil, signature.isGiven {
      throw ValidationError(
        "--sign-with makes the signature: give no --key-id, --nonce, --timestamp or --signature")
    }
  }

  func execute(in session: Session) throws {
    _ = try session.account  // a payment needs someone signed in to pay
    let catalog = session.world.store.catalog
    guard unchecked || catalog.product(productId) != nil else {
      throw WorkbenchError(
        .unknownProduct,
        catalog.unknownProductReason(productId)
          + " (`products` lists them; `buy --unchecked \(productId)` sends the payment anyway, as an app that skipped the products request would)"
      )
    }
    var payment = Payment(productId: productId, quantity: quantity, offerId: offer ?? discount)
    payment.billingPlan = billingPlan
    if let discount, let signWith {
      let signer = try DeveloperOfferSigner(keyId: signWith, in: session)
      payment.offerProof = .signature(
        try signer.legacySignature(
          productId: productId, offerId: discount, appAccountToken: applicationUsername ?? ""))
    } else if discount != nil {
      payment.offerProof = .signature(signature.fields(appAccountToken: applicationUsername))
    }
    try session.device.queue.add(payment)
  }
}
