/// The title and description a product shows in one locale.
public struct LocalizedText: Hashable, Sendable {
  /// The display name, such as `Energy Bottle`.
  public var title: String
  /// The description shown under it.
  public var description: String

  /// Creates localized text.
  public init(title: String, description: String) {
    self.title = title
    self.description = description
  }
}

/// A product's text in one locale.
public struct Localization: Hashable, Sendable {
  /// The locale identifier, such as `en_US` or `zh_CN`.
  public var locale: String
  /// The title and description.
  public var text: LocalizedText

  /// Creates a localization.
  public init(locale: String, text: LocalizedText) {
    self.locale = locale
    self.text = text
  }
}
