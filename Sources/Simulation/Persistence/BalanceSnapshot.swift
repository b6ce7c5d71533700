/// A consumable balance the app keeps.
struct BalanceSnapshot: Codable, Hashable {
  var productId: String
  var count: Int
}
