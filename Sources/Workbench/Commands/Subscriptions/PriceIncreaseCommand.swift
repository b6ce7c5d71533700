import ArgumentParser
import Catalog

/// `price-increase PRODUCT PRICE [--consent-required]`.
struct PriceIncreaseCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "price-increase",
    abstract: "Raise a subscription's price; subscribers renew at the new price.",
    discussion:
      "With --consent-required, subscribers must `consent accept` before their next renewal or it expires with intent 3."
  )

  @Argument(help: "An auto-renewable product.", completion: .session(.autoRenewables))
  var productId: String

  @Argument(help: "The new price, such as 7.99.")
  var price: String

  @Flag(help: "Subscribers must agree before they renew at the new price.")
  var consentRequired = false

  func validate() throws {
    try requireNonEmpty(productId, "the product id")
    let negative = price.hasPrefix("-")
    guard let magnitude = Price.parseAmount(negative ? String(price.dropFirst()) : price) else {
      throw WorkbenchError(.invalidValue, "\(Self.typedName): \"\(price)\" is not a price such as 7.99")
    }
    try requirePositive(negative ? -magnitude : magnitude, "the new price", shown: price)
  }

  func execute(in session: Session) throws {
    guard let amount = Price.parseAmount(price) else {
      throw WorkbenchError(.invalidValue, "\"\(price)\" is not a price such as 7.99")
    }
    try session.world.store.raisePrice(of: productId, to: amount, consentRequired: consentRequired)
  }
}
