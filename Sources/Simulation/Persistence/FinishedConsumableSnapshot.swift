/// A consumable the app finished, and the account's revision when it did.
struct FinishedConsumableSnapshot: Codable, Hashable {
  var transactionId: String
  var revision: Int
}
