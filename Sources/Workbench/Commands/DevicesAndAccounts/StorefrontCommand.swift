import ArgumentParser
import Catalog

/// `storefront [CODE]`.
struct StorefrontCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "storefront",
    abstract: "Show or change the storefront (USA, FRA, JPN, CHN, …): prices and currency follow.",
    discussion:
      "Observers hear paymentQueueDidChangeStorefront. A storefront without its own price in the catalog charges the base price in the base currency."
  )

  @Argument(help: "An ISO 3166-1 alpha-3 code.", completion: .session(.storefronts))
  var code: String?

  func validate() throws {
    try requireNonEmpty(code, "the storefront code")
  }

  func changesWorld(in _: Session) -> Bool { code != nil }

  func execute(in session: Session) throws {
    if let code { try session.world.changeStorefront(to: code.uppercased()) }
    let storefront = session.world.store.storefront
    session.print("storefront \(storefront.id) (\(storefront.currency))")
  }
}
