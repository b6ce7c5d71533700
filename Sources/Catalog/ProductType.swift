/// The four kinds of in-app purchase the App Store sells.
public enum ProductType: String, CaseIterable, Codable, Hashable, Sendable {
  /// Used up once delivered; can be bought again and again.
  case consumable
  /// Bought once, owned forever, restorable.
  case nonConsumable = "non-consumable"
  /// Renews at each period end until the customer turns renewal off.
  case autoRenewable = "auto-renewable"
  /// Runs for a fixed period the app tracks; never renews, never restored by StoreKit.
  case nonRenewing = "non-renewing"

  /// The number Apple writes in receipt attribute 1707.
  public var receiptCode: Int {
    switch self {
    case .nonConsumable: 0
    case .consumable: 1
    case .nonRenewing: 2
    case .autoRenewable: 3
    }
  }

  /// Whether StoreKit's `restoreCompletedTransactions` brings purchases of this type back.
  public var isRestorable: Bool {
    switch self {
    case .nonConsumable, .autoRenewable: true
    case .consumable, .nonRenewing: false
    }
  }
}
