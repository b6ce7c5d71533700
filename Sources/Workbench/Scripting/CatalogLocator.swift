import Catalog
import Foundation

/// Finds the catalog a run uses: the one named on the command line, else `$STOREBENCH_CATALOG`,
/// else the default catalog built into storebench (a copy of `catalog/default.json`).
public enum CatalogLocator {
  /// The name under which the built-in catalog appears in messages.
  public static let builtInName = "default"

  /// Loads the catalog to use.
  ///
  /// - Parameters:
  ///   - path: the file named with `--catalog`, if any.
  ///   - environment: the process environment (for `STOREBENCH_CATALOG`).
  /// - Returns: the catalog and how to name its source.
  /// - Throws: ``CatalogError`` when the file is missing or broken.
  public static func load(
    path: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CatalogError) -> (catalog: Catalog, source: String) {
    if let path = path ?? environment["STOREBENCH_CATALOG"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return (try CatalogLoader.load(path: path), path)
    }
    return (try builtIn(), builtInName)
  }

  /// The built-in default catalog.
  public static func builtIn() throws(CatalogError) -> Catalog {
    guard let url = Bundle.module.url(forResource: "default-catalog", withExtension: "json") else {
      throw CatalogError(location: "", reason: "the built-in default catalog is missing from this build")
    }
    return try CatalogLoader.load(path: url.path)
  }
}
