import ArgumentParser
import Catalog
import Store

/// `catalog`, `catalog load FILE` and `catalog export FILE`.
struct CatalogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catalog",
    abstract: "Show the catalog in use, or load another.",
    subcommands: [Show.self, Load.self, Export.self],
    defaultSubcommand: Show.self)

  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Say which catalog is loaded.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let catalog = session.world.store.catalog
      session.print(
        "catalog \(session.catalogSource): bundle \(catalog.bundleId), version \(catalog.appVersion), "
          + "\(Wording.plural(catalog.products.count, "product")), storefront \(session.world.store.storefront)"
      )
    }
  }

  struct Load: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Load a catalog file (before anything is bought): storebench's JSON or Xcode's .storekit.",
      discussion: """
        A relative path is read from the directory of the script that loads it. A .storekit file's settings \
        (time rate, locale, storefront, Ask to Buy, billing issues, grace period, interrupted purchases, \
        failing transactions, StoreKit errors) set the world's switches; a note names each one storebench \
        cannot honour.
        """)

    @Argument(help: "The catalog file.", completion: .file())
    var file: String

    @Option(help: "For a .storekit file, the app's bundle identifier (such files name none).")
    var bundleId: String?

    func validate() throws {
      try requireNonEmpty(file, "the file name")
      try requireNonEmpty(bundleId, "--bundle-id")
    }

    func execute(in session: Session) throws {
      let path = session.resolve(file)
      let catalog = try CatalogLoader.load(path: path, bundleId: bundleId)
      try session.loadCatalog(catalog, from: file)
      try Show().execute(in: session)
      for note in StoreKitSettingsPlan(catalog: catalog).notes {
        session.print("note: \(session.shown(file)): \(note)")
      }
    }
  }
}
