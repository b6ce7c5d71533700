import JSON

/// The test conditions an Xcode StoreKit configuration file keeps under `settings`: the keys Xcode's
/// Editor menu and Transaction Manager write, each `nil` when the file leaves it out.
///
/// They are values of the file, not of the catalog: the store maps each one it can honour to one of
/// its own switches when the catalog is loaded, and names the others.
public struct StoreKitSettings: Hashable, Sendable {
  /// `_timeRate`: a raw `SKTestSession.TimeRate` (0 real time, 10–15 monthly rates, 1000–1005 fixed rates).
  public var timeRate: Int?
  /// `_compatibilityTimeRate`: the rate for devices before iOS 15.2 (raw `SKTestTimeRate`).
  public var compatibilityTimeRate: Int?
  /// `_locale`: the locale product metadata is shown in, such as `en_US`.
  public var locale: String?
  /// `_storefront`: the storefront, an ISO 3166-1 alpha-3 code such as `USA`.
  public var storefront: String?
  /// `_askToBuyEnabled`: new purchases wait for a parent's approval.
  public var askToBuyEnabled: Bool?
  /// `_disableDialogs`: payment and confirmation sheets are not shown.
  public var disableDialogs: Bool?
  /// `_failTransactionsEnabled`: every transaction fails (with `storeKitError`).
  public var failTransactionsEnabled: Bool?
  /// `_storeKitError`: the `SKError` code failed transactions get (files of version 2).
  public var storeKitError: Int?
  /// `_billingIssuesEnabled`: billing problems; the renewal switch in files that have no
  /// `_renewalBillingIssuesEnabled`, purchase billing failures in files that do.
  public var billingIssuesEnabled: Bool?
  /// `_renewalBillingIssuesEnabled`: renewals fail for billing reasons and enter billing retry.
  public var renewalBillingIssuesEnabled: Bool?
  /// `_billingGracePeriodEnabled`: a subscription in billing retry keeps access for a grace period.
  public var billingGracePeriodEnabled: Bool?
  /// `_interruptedPurchasesEnabled`: purchases fail until the customer resolves an issue.
  public var interruptedPurchasesEnabled: Bool?
  /// `_storeKitErrors`: the errors armed per StoreKit 2 API (files of version 3 and later).
  public var storeKitErrors: [StoreKitErrorSetting]?
  /// `_applicationInternalID`: the App Store Connect app id of a synced file.
  public var applicationInternalID: String?
  /// `_developerTeamID`: the team of a synced file.
  public var developerTeamID: String?
  /// `_lastSynchronizedDate`: seconds since 2001-01-01 of the last sync, as written.
  public var lastSynchronizedDate: String?
  /// Members of `settings` storebench does not know, in file order, kept as written so an export
  /// writes them back.
  public var unknownMembers: [JSONMember] = []

  /// Creates settings with nothing set.
  public init() {}

  /// The true-or-false keys, by name, sorted as Xcode writes them.
  public static var booleanKeys: [(key: String, path: WritableKeyPath<StoreKitSettings, Bool?>)] {
    [
      ("_askToBuyEnabled", \.askToBuyEnabled), ("_billingGracePeriodEnabled", \.billingGracePeriodEnabled),
      ("_billingIssuesEnabled", \.billingIssuesEnabled), ("_disableDialogs", \.disableDialogs),
      ("_failTransactionsEnabled", \.failTransactionsEnabled),
      ("_interruptedPurchasesEnabled", \.interruptedPurchasesEnabled),
      ("_renewalBillingIssuesEnabled", \.renewalBillingIssuesEnabled),
    ]
  }

  /// The whole-number keys, by name.
  public static var integerKeys: [(key: String, path: WritableKeyPath<StoreKitSettings, Int?>)] {
    [
      ("_compatibilityTimeRate", \.compatibilityTimeRate), ("_storeKitError", \.storeKitError),
      ("_timeRate", \.timeRate),
    ]
  }

  /// The text keys, by name.
  public static var stringKeys: [(key: String, path: WritableKeyPath<StoreKitSettings, String?>)] {
    [
      ("_applicationInternalID", \.applicationInternalID), ("_developerTeamID", \.developerTeamID),
      ("_locale", \.locale), ("_storefront", \.storefront),
    ]
  }
}
