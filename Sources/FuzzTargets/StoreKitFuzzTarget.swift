import Catalog

/// Reads an input as an Xcode StoreKit configuration file, as `catalog load FILE.storekit` does: a
/// catalog, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
public enum StoreKitFuzzTarget: FuzzTarget {
  /// `StoreKitFuzzer`.
  public static let name = "StoreKitFuzzer"

  /// Parses the input as a StoreKit configuration file.
  ///
  /// - Parameter input: The file's bytes.
  public static func run(_ input: [UInt8]) {
    do {
      _ = try CatalogLoader.parseStoreKitConfiguration(input, bundleId: CatalogLoader.defaultStoreKitBundleId)
    } catch {
      _ = error.description
    }
  }
}
