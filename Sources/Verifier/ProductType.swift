/// The type of an in-app purchase product.
///
/// The typed view of `type` of a transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum ProductType: String, Hashable, Sendable, Codable, CaseIterable {
  /// An auto-renewable subscription.
  case autoRenewable = "Auto-Renewable Subscription"
  /// A non-consumable product.
  case nonConsumable = "Non-Consumable"
  /// A consumable product.
  case consumable = "Consumable"
  /// A non-renewing subscription.
  case nonRenewable = "Non-Renewing Subscription"
}
