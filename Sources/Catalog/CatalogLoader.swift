import Foundation

/// Reads catalogs, in storebench's native JSON format or as Xcode StoreKit configuration files
/// (`.storekit`), and checks every field, so a mistake is reported with its file and JSON path
/// rather than discovered mid-purchase.
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
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CatalogError(file: path, location: "", reason: "cannot read the file (\(describe(error)))")
    }
    do {
      guard path.hasSuffix(".storekit") else { return try parse(Array(data)) }
      return try parseStoreKitConfiguration(Array(data), bundleId: bundleId ?? defaultStoreKitBundleId)
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

  /// Parses an Xcode StoreKit configuration file.
  ///
  /// - Throws: ``CatalogError`` with the JSON path at fault and an empty file name.
  public static func parseStoreKitConfiguration(
    _ bytes: [UInt8], bundleId: String
  ) throws(CatalogError) -> Catalog {
    try StoreKitConfigurationReader(bundleId: bundleId).catalog(try document(bytes))
  }

  private static func document(_ bytes: [UInt8]) throws(CatalogError) -> JSONNode {
    do {
      return JSONNode(value: try JSONParser.parse(bytes), path: "")
    } catch {
      throw CatalogError(location: "line \(error.line), column \(error.column)", reason: error.reason)
    }
  }

  private static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription
  }
}
