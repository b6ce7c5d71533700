import ArgumentParser
import Queue

/// `buy ID [--quantity N]`: adds a payment to the queue.
struct BuyCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy",
    abstract: "Buy a product: add a payment to the device's queue.")

  @Argument(help: "The product identifier.")
  var productId: String

  @Option(name: [.customShort("q"), .long], help: "How many, 1 to 10.")
  var quantity = 1

  @Option(help: "A promotional offer to redeem (auto-renewable subscriptions).")
  var offer: String?

  func execute(in session: Session) throws {
    try session.device.queue.add(Payment(productId: productId, quantity: quantity, offerId: offer))
  }
}
