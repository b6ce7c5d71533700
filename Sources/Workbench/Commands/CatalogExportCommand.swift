import ArgumentParser
import Catalog
import Store

extension CatalogCommand {
  /// `catalog export FILE [--format storekit]`.
  struct Export: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the catalog in use to a file: an Xcode .storekit file.",
      discussion: """
        The .storekit file holds the products, subscription groups, offers, billing plans and the \\
        catalog's StoreKit settings, in Xcode's layout; loading it gives the same catalog, and exporting \\
        that again the same bytes. Xcode's format has no storefront prices, hosted content or \\
        non-renewing periods: those are left out. A relative path is written from the script's directory.
        """)

    /// The formats a catalog can be written in.
    enum Format: String, CaseIterable, ExpressibleByArgument {
      /// Xcode's StoreKit configuration file.
      case storekit
    }

    @Argument(help: "The file to write.", completion: .file())
    var file: String

    @Option(help: "The file's format: storekit.")
    var format: Format = .storekit

    func validate() throws {
      try requireNonEmpty(file, "the file name")
    }

    func execute(in session: Session) throws {
      let catalog = session.world.store.catalog
      switch format {
      case .storekit: try session.write(StoreKitConfigurationWriter.bytes(catalog), to: file)
      }
      session.print(
        "catalog written to \(session.shown(file)) (\(format.rawValue), \(Wording.plural(catalog.products.count, "product")))"
      )
    }
  }
}
