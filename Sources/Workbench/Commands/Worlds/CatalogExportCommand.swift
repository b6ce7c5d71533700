import ArgumentParser
import Catalog
import JSON
import Store

extension CatalogCommand {
  /// `catalog export FILE [--format storekit|json] [--storekit]`.
  struct Export: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the catalog in use to a file: an Xcode .storekit file, or storebench's JSON format.",
      discussion: """
        The .storekit file holds the products, subscription groups, offers, billing plans, the \\
        offer-signing key pair and the catalog's StoreKit settings, in Xcode's layout; loading it \\
        gives the same catalog, and exporting that again the same bytes. What Xcode's format has no \\
        place for is left out and named: storefront prices, hosted content, non-renewing periods, \\
        products not cleared for sale, offer codes of products that are not subscriptions, and code \\
        offers' storefronts and custom codes. The JSON format (--format json) keeps all of those \\
        but not a .storekit file's settings. A relative path is written from the script's directory.
        """)

    /// The formats a catalog can be written in.
    enum Format: String, CaseIterable, ExpressibleByArgument {
      /// Xcode's StoreKit configuration file.
      case storekit
      /// storebench's own catalog format.
      case json
    }

    @Argument(help: "The file to write.", completion: .file())
    var file: String

    @Option(help: "The file's format: storekit (default) or json.")
    var format: Format = .storekit

    @Flag(help: "The same as --format storekit.")
    var storekit = false

    func validate() throws {
      try requireNonEmpty(file, "the file name")
      if storekit, format != .storekit {
        throw ValidationError("--storekit and --format \(format.rawValue) ask for two formats; give one")
      }
    }

    func execute(in session: Session) throws {
      let catalog = session.world.store.catalog
      switch format {
      case .storekit: try session.write(StoreKitConfigurationWriter.bytes(catalog), to: file)
      case .json: try session.write(Array(JSONText.xcodeStyle(catalog.document).utf8), to: file)
      }
      session.print(
        "catalog written to \(session.shown(file)) (\(format.rawValue), \(Wording.plural(catalog.products.count, "product")))"
      )
      guard format == .storekit else { return }
      for omission in StoreKitConfigurationWriter.omissions(catalog) {
        session.print("  left out: \(omission)")
      }
    }
  }
}
