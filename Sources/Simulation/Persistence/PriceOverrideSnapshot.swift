/// A price increase in force for a product.
struct PriceOverrideSnapshot: Codable, Hashable {
  var productId: String
  var amount: String
}
