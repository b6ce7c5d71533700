import ArgumentParser
import Catalog
import Store

extension CatalogCommand {
  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Say which catalog is loaded.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let catalog = session.world.store.catalog
      session.print(
        "\(session.catalogCameWithWorld ? "catalog of world" : "catalog") \(session.catalogSource): bundle \(catalog.bundleId), version \(catalog.appVersion), "
          + "\(Wording.plural(catalog.products.count, "product")), storefront \(session.world.store.storefront)"
      )
    }
  }
}
