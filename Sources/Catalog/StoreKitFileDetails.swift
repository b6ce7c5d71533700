import JSON

/// What an Xcode StoreKit configuration file holds beyond the catalog and its settings: its
/// identifier and version, the internal ids of its products, groups and offers, group display
/// names, offer reference names, app policies and offer-signing key pair. Kept as read, so exporting
/// the catalog writes them back; anything not kept gets an id derived from its identifiers.
public struct StoreKitFileDetails: Hashable, Sendable {
  /// The file's `identifier`.
  public var identifier: String?
  /// The file's `version` object, as written.
  public var version: JSONValue?
  /// `appPolicies`, as written.
  public var appPolicies: JSONValue?
  /// `subscriptionOffersKeyPair`, as written.
  public var subscriptionOffersKeyPair: JSONValue?
  /// Internal ids (`internalID`, a group's `id`) by ``key(_:)`` of what they belong to.
  public var internalIDs: [String: String] = [:]
  /// Groups' `localizations` arrays, as written, by group name.
  public var groupLocalizations: [String: JSONValue] = [:]
  /// Promotional and win-back offers' `referenceName`, by ``key(_:)``.
  public var referenceNames: [String: String] = [:]

  /// Creates empty details.
  public init() {}

  /// The key of a product, group or offer: its kind (`product`, `group`, `intro`, `promo`,
  /// `winback`, `code`, `plan`) and the identifiers that name it, such as `promo/com.example.sub/back`.
  public static func key(_ parts: [String]) -> String {
    parts.joined(separator: "/")
  }
}
