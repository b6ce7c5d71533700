import ArgumentParser
import Foundation
import Simulation

/// `purchase PRODUCT [--quantity N] [--app-account-token UUID]`: `Product.purchase(options:)`.
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
      the device's one queue, so StoreKit 1 observers hear it too. Needs `app sk2` or `app both`.
      """)

  @Argument(help: "The product identifier.", completion: .session(.products))
  var productId: String

  @Option(name: [.customShort("q"), .long], help: "How many, 1 to 10 (consumables).")
  var quantity = 1

  @Option(help: "A UUID tying the purchase to the customer's account on your server.")
  var appAccountToken: String?

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    try require(quantity, in: 1...10, "--quantity")
    if let appAccountToken, UUID(uuidString: appAccountToken) == nil {
      throw ValidationError("--app-account-token takes a UUID, such as 7E3F5A2C-1B9D-4C8E-A6F0-3D2B1C9E8A7F")
    }
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
      productId, quantity: quantity, appAccountToken: appAccountToken?.lowercased())
  }
}
