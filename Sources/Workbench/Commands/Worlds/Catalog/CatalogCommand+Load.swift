import ArgumentParser
import Catalog
import Store

extension CatalogCommand {
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

    /// It reads another file, which the journal does not hold: a new snapshot follows it.
    var journalTreatment: JournalTreatment { .checkpointed }

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
