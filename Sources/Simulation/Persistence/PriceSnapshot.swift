import Catalog

/// A price in a saved world: the amount as a decimal string, and the currency.
struct PriceSnapshot: Codable, Hashable {
  var amount: String
  var currency: String

  init(_ price: Price) {
    amount = "\(price.amount)"
    currency = price.currency
  }

  func price(at path: String) throws(WorldFileError) -> Price {
    Price(amount: try SnapshotPath.decimal(amount, at: path + ".amount"), currency: currency)
  }
}
