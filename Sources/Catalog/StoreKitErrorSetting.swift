import JSON

/// One entry of a `.storekit` file's `_storeKitErrors`: whether calls to one StoreKit 2 API fail
/// (`SKTestSession.setSimulatedError(_:forAPI:)`), and with what.
public struct StoreKitErrorSetting: Hashable, Sendable {
  /// The API as Xcode names it: `Load Products`, `Purchase`, `Verification`, `App Store Sync`,
  /// `Subscription Status`, `App Transaction`, `Manage Subscriptions Sheet`, `Refund Request Sheet`,
  /// `Offer Code Redeem Sheet`.
  public var name: String
  /// Whether the error is armed.
  public var isEnabled: Bool
  /// The armed error as the file writes it (`null` in every file seen), kept as written.
  public var current: JSONValue
  /// `emptyOnError`, which some files add to `Load Products` and `Purchase`.
  public var emptyOnError: Bool?

  /// Creates an entry.
  public init(name: String, isEnabled: Bool, current: JSONValue = .null, emptyOnError: Bool? = nil) {
    self.name = name
    self.isEnabled = isEnabled
    self.current = current
    self.emptyOnError = emptyOnError
  }
}
