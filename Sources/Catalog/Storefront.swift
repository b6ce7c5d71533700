/// An App Store country or region, named by its ISO 3166-1 alpha-3 code as StoreKit does (`USA`).
public struct Storefront: Hashable, Sendable, CustomStringConvertible {
  /// The alpha-3 code, such as `USA` or `FRA`.
  public var id: String
  /// The currency customers pay in there.
  public var currency: String
  /// The locale whose titles the storefront shows by default.
  public var defaultLocale: String

  /// Creates a storefront.
  public init(id: String, currency: String, defaultLocale: String) {
    self.id = id
    self.currency = currency
    self.defaultLocale = defaultLocale
  }

  /// The code, such as `USA`.
  public var description: String { id }

  /// Storefronts known without a catalog saying so.
  public static let known: [Storefront] = [
    .init(id: "USA", currency: "USD", defaultLocale: "en_US"),
    .init(id: "CAN", currency: "CAD", defaultLocale: "en_CA"),
    .init(id: "GBR", currency: "GBP", defaultLocale: "en_GB"),
    .init(id: "FRA", currency: "EUR", defaultLocale: "fr_FR"),
    .init(id: "DEU", currency: "EUR", defaultLocale: "de_DE"),
    .init(id: "ITA", currency: "EUR", defaultLocale: "it_IT"),
    .init(id: "ESP", currency: "EUR", defaultLocale: "es_ES"),
    .init(id: "JPN", currency: "JPY", defaultLocale: "ja_JP"),
    .init(id: "CHN", currency: "CNY", defaultLocale: "zh_CN"),
    .init(id: "KOR", currency: "KRW", defaultLocale: "ko_KR"),
    .init(id: "IND", currency: "INR", defaultLocale: "en_IN"),
    .init(id: "BRA", currency: "BRL", defaultLocale: "pt_BR"),
    .init(id: "AUS", currency: "AUD", defaultLocale: "en_AU"),
    .init(id: "CHE", currency: "CHF", defaultLocale: "de_CH"),
  ]

  /// The storefront with this code among the known ones.
  public static func named(_ id: String) -> Storefront? {
    known.first { $0.id == id.uppercased() }
  }
}
