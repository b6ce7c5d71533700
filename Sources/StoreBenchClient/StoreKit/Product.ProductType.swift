extension Product {
  /// The type of an in-app purchase: an open set, as in StoreKit (switches need `default:`).
  public struct ProductType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The type's name, as the App Store writes it in signed transactions.
    public let rawValue: String

    /// Creates a type from its name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Used once, then bought again.
    public static let consumable = ProductType(rawValue: "Consumable")
    /// Bought once, kept forever.
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// A subscription for a set time that does not renew.
    public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
    /// A subscription that renews until cancelled.
    public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")

    /// The type's name for people.
    public var localizedDescription: String {
      switch self {
      case .consumable: "Consumable"
      case .nonConsumable: "Non-Consumable"
      case .nonRenewable: "Non-Renewing Subscription"
      case .autoRenewable: "Auto-Renewable Subscription"
      default: rawValue
      }
    }
  }
}
