import ArgumentParser
import Queue

/// `buy ID [--quantity N] [--offer ID] [--unchecked]`: adds a payment to the queue.
struct BuyCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy",
    abstract: "Buy a product: add a payment to the device's queue.",
    discussion: """
      An id the catalog does not have is refused as a typo. With --unchecked the payment is sent \
      anyway, as an app that skipped the products request would, and fails with SKError 3 paymentInvalid.
      """)

  @Argument(help: "The product identifier.", completion: .session(.products))
  var productId: String

  @Option(name: [.customShort("q"), .long], help: "How many, 1 to 10.")
  var quantity = 1

  @Option(
    help: "A promotional offer to redeem (auto-renewable subscriptions).", completion: .session(.offers))
  var offer: String?

  @Flag(help: "Send the payment even when the catalog has no such product.")
  var unchecked = false

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try require(quantity, in: 1...10, "--quantity")
    try requireNonEmpty(offer, "--offer")
  }

  func execute(in session: Session) throws {
    _ = try session.account  // a payment needs someone signed in to pay
    guard unchecked || session.world.store.catalog.product(productId) != nil else {
      throw WorkbenchError(
        .notFound,
        "no product \"\(productId)\" in the catalog (`products` lists them; `buy --unchecked \(productId)` sends the payment anyway, as an app that skipped the products request would)"
      )
    }
    try session.device.queue.add(Payment(productId: productId, quantity: quantity, offerId: offer))
  }
}
