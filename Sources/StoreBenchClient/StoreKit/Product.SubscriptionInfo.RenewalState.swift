extension Product.SubscriptionInfo {
  /// The state of a subscription: an open set, as in StoreKit. Only `subscribed` and
  /// `inGracePeriod` entitle.
  public struct RenewalState: RawRepresentable, Equatable, Hashable, Sendable {
    /// The state's number, as the App Store Server API numbers subscription statuses.
    public let rawValue: Int

    /// Creates a state from its number.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// Active.
    public static let subscribed = RenewalState(rawValue: 1)
    /// Expired.
    public static let expired = RenewalState(rawValue: 2)
    /// A renewal failed and the App Store keeps trying; no access.
    public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
    /// A renewal failed and access goes on for the grace period.
    public static let inGracePeriod = RenewalState(rawValue: 4)
    /// Refunded or revoked.
    public static let revoked = RenewalState(rawValue: 5)

    /// The state's name for people.
    public var localizedDescription: String {
      switch self {
      case .subscribed: "Subscribed"
      case .expired: "Expired"
      case .inBillingRetryPeriod: "In Billing Retry Period"
      case .inGracePeriod: "In Grace Period"
      case .revoked: "Revoked"
      default: "Unknown"
      }
    }
  }
}
