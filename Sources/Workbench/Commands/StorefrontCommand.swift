import ArgumentParser
import Catalog

/// `storefront [CODE]`.
struct StorefrontCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "storefront",
    abstract: "Show or change the storefront (USA, FRA, JPN, CHN, …): prices and currency follow.",
    discussion:
      "Observers hear paymentQueueDidChangeStorefront. A storefront without its own price in the catalog charges the base price in the base currency."
  )

  @Argument(help: "An ISO 3166-1 alpha-3 code.", completion: .session(.storefronts))
  var code: String?

  func validate() throws {
    try requireNonEmpty(code, "the storefront code")
  }

  func changesWorld(in _: Session) -> Bool { code != nil }

  func execute(in session: Session) throws {
    if let code { try session.world.changeStorefront(to: code.uppercased()) }
    let storefront = session.world.store.storefront
    session.print("storefront \(storefront.id) (\(storefront.currency))")
  }
}

/// `locale [ID]`.
struct LocaleCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "locale", abstract: "Show or change the locale of product titles, such as zh_CN.")

  @Argument(help: "A locale identifier such as en_US or zh_CN.", completion: .session(.locales))
  var identifier: String?

  func validate() throws {
    try requireNonEmpty(identifier, "the locale")
  }

  func changesWorld(in _: Session) -> Bool { identifier != nil }

  func execute(in session: Session) throws {
    if let identifier {
      guard identifier.range(of: #"^[a-z]{2,3}(_[A-Z]{2})?$"#, options: .regularExpression) != nil else {
        throw WorkbenchError(
          .invalidValue, "\"\(identifier)\" is not a locale identifier such as en_US or zh_CN")
      }
      session.world.store.locale = identifier
    }
    session.print("locale \(session.world.store.locale)")
  }
}
