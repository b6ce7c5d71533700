import Foundation
import JSON
import SystemIO
import Vocabulary

/// Reads catalogs, in storebench's native JSON format or as Xcode StoreKit configuration files
/// (`.storekit`), and checks every field, so a mistake is reported with its file and JSON path
/// rather than discovered mid-purchase. A document is UTF-8 JSON of at most ``maximumBytes``.
public enum CatalogLoader {
  /// The bundle identifier given to catalogs read from `.storekit` files, which name no app.
  public static let defaultStoreKitBundleId = "com.example.storekit"

  /// Loads and validates a catalog file; a name ending in `.storekit` is read as Xcode's format.
  ///
  /// - Parameters:
  ///   - path: the file, as the user named it (errors quote it as given).
  ///   - bundleId: for `.storekit` files, the app's bundle identifier.
  /// - Throws: ``CatalogError`` naming the file and the JSON path (or line and column) at fault.
  public static func load(path: String, bundleId: String? = nil) throws(CatalogError) -> Catalog {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, as: .catalog)
    } catch {
      switch error {
      case .isDirectory, .notRegularFile:
        throw CatalogError(file: path, location: "", reason: error.description)
      case .tooLarge: throw CatalogError(file: path, location: "", reason: sizeLimitReason)
      case .system(let cause):
        throw CatalogError(file: path, location: "", reason: "cannot read the file (\(cause))")
      }
    }
    do {
      guard path.hasSuffix(".storekit") else { return try parse(bytes) }
      return try parseStoreKitConfiguration(bytes, bundleId: bundleId ?? defaultStoreKitBundleId)
    } catch {
      var located = error
      located.file = path
      throw located
    }
  }

  /// Parses and validates a catalog from the bytes of a JSON document.
  ///
  /// - Throws: ``CatalogError`` with the JSON path at fault and an empty file name.
  public static func parse(_ bytes: [UInt8]) throws(CatalogError) -> Catalog {
    try CatalogReader().catalog(try document(bytes))
  }

  /// Validates a catalog in the native format that is part of a larger parsed document.
  ///
  /// - Parameters:
  ///   - value: the catalog's JSON value.
  ///   - path: where it sits in the document, such as `catalog`; errors' locations start with it.
  /// - Throws: ``CatalogError`` with the JSON path at fault and an empty file name.
  public static func catalog(from value: JSONValue, path: String) throws(CatalogError) -> Catalog {
    try CatalogReader().catalog(JSONNode(value: value, path: path))
  }

  /// Parses an Xcode StoreKit configuration file.
  ///
  /// - Throws: ``CatalogError`` with the JSON path at fault and an empty file name.
  public static func parseStoreKitConfiguration(
    _ bytes: [UInt8], bundleId: String
  ) throws(CatalogError) -> Catalog {
    try StoreKitConfigurationReader(bundleId: bundleId).catalog(try document(bytes))
  }

  /// The largest catalog document, in bytes: 16 MiB (``FileFormat/catalog``).
  public static let maximumBytes = FileFormat.catalog.limit

  private static let sizeLimitReason = FileFormat.catalog.tooLargeReason

  private static func document(_ bytes: [UInt8]) throws(CatalogError) -> JSONNode {
    guard !bytes.isEmpty else { throw CatalogError(location: "", reason: "empty file, not a catalog") }
    guard bytes.count <= maximumBytes else { throw CatalogError(location: "", reason: sizeLimitReason) }
    do {
      return JSONNode(value: try JSONParser.parse(bytes), path: "")
    } catch {
      var failure = CatalogError(location: "line \(error.line), column \(error.column)", reason: error.reason)
      failure.position = TextPosition(line: error.line, column: error.column)
      throw failure
    }
  }
}
