import Catalog
import Vocabulary

/// What a catalog's Xcode StoreKit settings (``StoreKitSettings``) do to the store's switches when it
/// takes the catalog, and a note for each setting or piece of catalog data the store cannot honour.
///
/// A switch the file leaves out is left as it is.
public struct StoreKitSettingsPlan: Sendable {
  /// `_timeRate`, when it names a rate storebench has.
  public var timeRate: TimeRate?
  /// `_locale`.
  public var locale: String?
  /// `_askToBuyEnabled`.
  public var isAskToBuyOn: Bool?
  /// `_renewalBillingIssuesEnabled`, or `_billingIssuesEnabled` in files without it.
  public var isBillingRetryOn: Bool?
  /// `_billingGracePeriodEnabled`: on means App Store Connect's default of 16 days.
  public var isGracePeriodOn: Bool?
  /// `_interruptedPurchasesEnabled`.
  public var isInterruptedPurchasesOn: Bool?
  /// Errors every call of an API fails with (`nil` disarms), from `_failTransactionsEnabled` and
  /// `_storeKitErrors`, in file order.
  public var standingFaults: [(api: FaultPlan.API, error: SKErrorCode?)] = []
  /// One line per setting or catalog feature the store cannot honour, such as
  /// `_disableDialogs is not simulated (storebench has no dialogs)`.
  public var notes: [String] = []

  /// The grace period, in days, a file's `_billingGracePeriodEnabled` turns on.
  public static let gracePeriodDays = 16

  /// The calls `_storeKitErrors` APIs fail: the StoreKit 1 stand-in for Load Products, Purchase
  /// and App Store Sync, the command itself for the others.
  public static let errorAPIs: [String: FaultPlan.API] = [
    "Load Products": .products, "Purchase": .buy, "App Store Sync": .restore,
    "Offer Code Redeem Sheet": .redeem, "Subscription Status": .subscriptionStatus,
    "App Transaction": .appTransaction, "Refund Request Sheet": .refundRequest, "Verification": .verification,
  ]

  /// Plans the settings of a catalog.
  public init(catalog: Catalog) {
    let settings = catalog.storeKitSettings
    planTimeRate(settings)
    locale = settings.locale
    isAskToBuyOn = settings.askToBuyEnabled
    isInterruptedPurchasesOn = settings.interruptedPurchasesEnabled
    isGracePeriodOn = settings.billingGracePeriodEnabled
    planBilling(settings)
    planFailures(settings)
    planUnsupported(settings, catalog: catalog)
  }

  private mutating func planTimeRate(_ settings: StoreKitSettings) {
    if let raw = settings.timeRate {
      if let rate = TimeRate(xcodeRawValue: raw) {
        timeRate = rate
      } else {
        notes.append(
          "_timeRate \(raw) is not simulated (not a rate Xcode knows)")
      }
    }
    if let raw = settings.compatibilityTimeRate {
      notes.append("_compatibilityTimeRate \(raw) is not simulated (it is for devices before iOS 15.2)")
    }
  }

  private mutating func planBilling(_ settings: StoreKitSettings) {
    guard let renewal = settings.renewalBillingIssuesEnabled else {
      isBillingRetryOn = settings.billingIssuesEnabled
      return
    }
    isBillingRetryOn = renewal
    if settings.billingIssuesEnabled == true {
      notes.append(
        "_billingIssuesEnabled is not simulated (purchase billing failures; renewals use billing-retry)")
    }
  }

  private mutating func planFailures(_ settings: StoreKitSettings) {
    if let failing = settings.failTransactionsEnabled {
      let code = settings.storeKitError.flatMap(SKErrorCode.init(rawValue:)) ?? .unknown
      if let raw = settings.storeKitError, SKErrorCode(rawValue: raw) == nil {
        notes.append("_storeKitError \(raw) is not an SKError code; transactions fail with \(code)")
      }
      arm(.buy, failing ? code : nil)
    }
    planStoreKitErrors(settings.storeKitErrors ?? [])
  }

  private mutating func planStoreKitErrors(_ entries: [StoreKitErrorSetting]) {
    for entry in entries {
      guard let api = Self.errorAPIs[entry.name] else {
        if entry.isEnabled {
          notes.append(
            "_storeKitErrors \"\(entry.name)\" is not simulated (storebench has no stand-in for that API)")
        }
        continue
      }
      if entry.isEnabled, entry.current != .null {
        notes.append(
          "_storeKitErrors \"\(entry.name)\": the armed error (\(entry.current.quoted)) is not understood; "
            + "\(api.rawValue) fails with \(SKErrorCode.unknown)"
        )
      }
      arm(api, entry.isEnabled ? .unknown : nil)
    }
  }

  /// Records the standing error of an API; an error armed by an earlier key wins over a later `nil`.
  private mutating func arm(_ api: FaultPlan.API, _ error: SKErrorCode?) {
    guard let index = standingFaults.firstIndex(where: { $0.api == api }) else {
      standingFaults.append((api, error))
      return
    }
    if standingFaults[index].error == nil { standingFaults[index].error = error }
  }

  private mutating func planUnsupported(_ settings: StoreKitSettings, catalog: Catalog) {
    if settings.disableDialogs == true {
      notes.append("_disableDialogs is not simulated (storebench has no dialogs)")
    }
    if let id = settings.storefront, Storefront.named(id) == nil {
      notes.append(
        "_storefront \(id) is not a storefront storebench knows; the world uses \(catalog.baseStorefront)")
    }
    let synced = [
      ("_applicationInternalID", settings.applicationInternalID),
      ("_developerTeamID", settings.developerTeamID),
      ("_lastSynchronizedDate", settings.lastSynchronizedDate),
    ].filter { $0.1 != nil }.map(\.0)
    if !synced.isEmpty {
      notes.append(
        "\(synced.joined(separator: ", ")) describe the App Store Connect app the file was synced with: "
          + "kept and written back by an export, nothing else")
    }
    for key in settings.unknownMembers.map(\.key) {
      notes.append("setting \(key) is not known to storebench (ignored, and written back by an export)")
    }
  }
}
