/// The message shown for a product in a locale when the app's server gives none in time
/// (Configure Default Message).
public struct RetentionDefault: Hashable, Sendable {
  /// The auto-renewable product.
  public var productId: String
  /// The locale, such as `en-US`.
  public var locale: String
  /// The message's identifier.
  public var messageIdentifier: String

  /// Creates a default.
  public init(productId: String, locale: String, messageIdentifier: String) {
    self.productId = productId
    self.locale = locale
    self.messageIdentifier = messageIdentifier
  }
}
