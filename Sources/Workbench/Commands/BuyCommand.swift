import ArgumentParser
import Queue

/// `buy ID [--quantity N] [--offer ID | --discount ID --key-id … --signature …] [--unchecked]`:
/// adds a payment to the queue.
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
      cause. --offer is storebench's unsigned shortcut, like Xcode's test-only promotionalOffer(id:).
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

  @Option(help: "SKPayment.applicationUsername, which the signature covers.")
  var applicationUsername: String?

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
    if discount == nil, signature.isGiven || applicationUsername != nil {
      throw ValidationError("signature fields go with --discount OFFER")
    }
  }

  func execute(in session: Session) throws {
    _ = try session.account  // a payment needs someone signed in to pay
    let catalog = session.world.store.catalog
    guard unchecked || catalog.product(productId) != nil else {
      throw WorkbenchError(
        .notFound,
        catalog.unknownProductReason(productId)
          + " (`products` lists them; `buy --unchecked \(productId)` sends the payment anyway, as an app that skipped the products request would)"
      )
    }
    var payment = Payment(productId: productId, quantity: quantity, offerId: offer ?? discount)
    if discount != nil {
      payment.offerProof = .signature(signature.fields(appAccountToken: applicationUsername))
    }
    try session.device.queue.add(payment)
  }
}
