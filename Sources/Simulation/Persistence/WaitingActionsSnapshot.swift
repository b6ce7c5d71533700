/// Actions an observer put off until a transaction's hosted content has downloaded.
struct WaitingActionsSnapshot: Codable, Hashable {
  var transaction: Int
  var actions: [String]
}
