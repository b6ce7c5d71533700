import ArgumentParser
import Simulation

/// `promote PRODUCT [--offer ID]`, `promote --add-deferred`.
struct PromoteCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "promote",
    abstract: "The customer starts a purchase on the App Store product page (a promoted in-app purchase).",
    discussion: """
      A StoreKit 2 app gets a PurchaseIntent (`intents` lists them) and completes it with `purchase \\
      PRODUCT`; the intent's win-back offer applies even if the app gives none, as iOS 18 does. A \\
      StoreKit 1 app's observers are asked paymentQueue(_:shouldAddStorePayment:for:) and answer \\
      by their policy (`observer add NAME --store-payment continue|defer|cancel`): continue adds \\
      the payment now, defer keeps it until `promote --add-deferred`, cancel drops it. With no \\
      observer the purchase waits until one is added.
      """)

  @Argument(help: "The product.", completion: .session(.products))
  var productId: String?

  @Option(
    help: "A win-back offer the App Store shows with the product.", completion: .session(.winBackOffers))
  var offer: String?

  @Flag(help: "The StoreKit 1 app adds the store payments it deferred.")
  var addDeferred = false

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try requireNonEmpty(offer, "--offer")
    guard addDeferred != (productId != nil) else {
      throw ValidationError("give a PRODUCT to promote, or --add-deferred")
    }
  }

  func execute(in session: Session) throws {
    guard let productId else {
      let added = session.device.queue.addDeferredStorePayments()
      session.world.settle()
      return session.print(
        added == 0
          ? "no deferred store payment" : "\(added) deferred store payment\(added == 1 ? "" : "s") added")
    }
    try session.requireProduct(productId)
    if let offer {
      guard session.world.store.product(ofWinBackOffer: offer)?.id == productId else {
        throw WorkbenchError(.notFound, "\(productId) has no win-back offer \(offer)")
      }
    }
    _ = try session.account
    session.world.promote(productId, winBackOfferId: offer)
  }
}
