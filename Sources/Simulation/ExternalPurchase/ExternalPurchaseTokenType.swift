/// The type of a custom link token (Apple's `tokenType`), which StoreKit's
/// `ExternalPurchaseCustomLink.token(for:)` asks for.
public enum ExternalPurchaseTokenType: String, Hashable, Sendable, CaseIterable, Codable {
  /// `ACQUISITION`: made once, when the customer first installs the app.
  case acquisition = "ACQUISITION"
  /// `SERVICES`: made at install, and again at an update or redownload when none is active.
  case services = "SERVICES"
}
