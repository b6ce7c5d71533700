import ArgumentParser
import Catalog

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
