/// The answer of Get All Subscription Statuses. Apple: `StatusResponse`.
public struct StatusResponse: Codable, Hashable, Sendable {
  /// `environment`: `Sandbox` or `Production`.
  public var environment: String
  /// `bundleId`: the app's bundle identifier.
  public var bundleId: String
  /// `appAppleId`: the app's Apple ID.
  public var appAppleId: Int64
  /// `data`: one item per subscription group.
  public var data: [SubscriptionGroupIdentifierItem]

  /// Creates a response.
  public init(
    environment: String, bundleId: String, appAppleId: Int64, data: [SubscriptionGroupIdentifierItem]
  ) {
    self.environment = environment
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.data = data
  }
}
