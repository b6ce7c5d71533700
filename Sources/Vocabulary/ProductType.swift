/// The four kinds of in-app purchase the App Store sells: one vocabulary for the catalog's
/// products, the store's records and the signed payloads.
///
/// The raw value is the word the native catalog format and saved worlds write
/// (`auto-renewable`); ``appStoreName`` is Apple's, as signed transactions' `type` writes it
/// (`Auto-Renewable Subscription`).
public enum ProductType: String, CaseIterable, Codable, Hashable, Sendable {
  /// Used up once delivered; can be bought again and again.
  case consumable
  /// Bought once, owned forever, restorable.
  case nonConsumable = "non-consumable"
  /// Renews at each period end until the customer turns renewal off.
  case autoRenewable = "auto-renewable"
  /// Runs for a fixed period the app tracks; never renews, never restored by StoreKit.
  case nonRenewing = "non-renewing"

  /// Apple's name, as `type` of a signed transaction writes it, such as
  /// `Auto-Renewable Subscription`.
  public var appStoreName: String {
    switch self {
    case .autoRenewable: "Auto-Renewable Subscription"
    case .nonConsumable: "Non-Consumable"
    case .consumable: "Consumable"
    case .nonRenewing: "Non-Renewing Subscription"
    }
  }

  /// The type Apple's name stands for; `nil` for a name Apple does not define.
  ///
  /// - Parameter appStoreName: A signed transaction's `type`, such as `Consumable`.
  public init?(appStoreName: String) {
    guard let type = Self.allCases.first(where: { $0.appStoreName == appStoreName }) else { return nil }
    self = type
  }

  /// The number Apple writes in receipt attribute 1707.
  public var receiptCode: Int {
    switch self {
    case .nonConsumable: 0
    case .consumable: 1
    case .nonRenewing: 2
    case .autoRenewable: 3
    }
  }

  /// The type a receipt's `product_type` (attribute 1707) code stands for; `nil` for a code Apple
  /// does not define.
  ///
  /// - Parameter code: The code.
  public init?(receiptCode code: Int) {
    guard let type = Self.allCases.first(where: { $0.receiptCode == code }) else { return nil }
    self = type
  }

  /// Whether StoreKit's `restoreCompletedTransactions` brings purchases of this type back.
  public var isRestorable: Bool {
    switch self {
    case .nonConsumable, .autoRenewable: true
    case .consumable, .nonRenewing: false
    }
  }
}
