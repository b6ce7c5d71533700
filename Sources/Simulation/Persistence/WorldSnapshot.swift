/// Everything that defines a world but its catalog, as a saved world's file holds it beside
/// `format`, `version` and `catalog` (`docs/saved-worlds.md`
/// documents each key).
struct WorldSnapshot: Codable, Hashable {
  /// The seed of the world's identifiers; absent for the scripted identity and in older files.
  var identity: IdentitySnapshot?
  var environment: String
  var appAppleId: Int64
  var sharedSecret: String?
  var authority: AuthorityReference
  var store: StoreSnapshot
  var accounts: [AccountSnapshot]
  var transactions: [TransactionSnapshot]
  var devices: [DeviceSnapshot]
  var currentDevice: String
  var serverAPI: ServerAPISnapshot
  var notifications: NotificationsSnapshot
  /// Absent in files written before API keys were saved: none then.
  var apiKeys: [APIKeySnapshot]?
  /// The In-App Purchase keys offer signatures are checked with; absent in older files and in
  /// worlds that have none.
  var offerKeys: OfferKeysSnapshot?
  /// The app's first version and download date from an imported receipt; absent otherwise.
  var originalApplication: OriginalApplicationSnapshot?
  /// The Retention Messaging API's configuration; absent in older files and in worlds that never
  /// used it.
  var retention: RetentionSnapshot?
  /// External purchase tokens and their reports; absent in older files and in worlds that have none.
  var externalPurchase: ExternalPurchaseSnapshot?
}

/// What an imported receipt said about the customer's first download of the app.
struct OriginalApplicationSnapshot: Codable, Hashable {
  var version: String?
  var purchaseDate: Double?
}
