import Catalog

/// Reads an input as a catalog in storebench's JSON format, as `catalog load FILE.json` does: a
/// catalog, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
public enum CatalogFuzzTarget: FuzzTarget {
  /// `CatalogFuzzer`.
  public static let name = "CatalogFuzzer"

  /// Parses the input as a catalog.
  ///
  /// - Parameter input: The catalog's bytes.
  public static func run(_ input: [UInt8]) {
    do {
      _ = try CatalogLoader.parse(input)
    } catch {
      _ = error.description
    }
  }
}
