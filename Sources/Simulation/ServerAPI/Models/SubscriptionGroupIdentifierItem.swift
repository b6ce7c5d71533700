/// One subscription group's subscriptions in a ``StatusResponse``. Apple:
/// `SubscriptionGroupIdentifierItem`.
public struct SubscriptionGroupIdentifierItem: Codable, Hashable, Sendable {
  /// `subscriptionGroupIdentifier`: the group's numeric identifier.
  public var subscriptionGroupIdentifier: String
  /// `lastTransactions`: one item per original transaction in the group.
  public var lastTransactions: [LastTransactionsItem]

  /// Creates an item.
  public init(subscriptionGroupIdentifier: String, lastTransactions: [LastTransactionsItem]) {
    self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
    self.lastTransactions = lastTransactions
  }
}
