import Foundation

/// Reads catalogs in storebench's native JSON format and checks every field, so a mistake is
/// reported with its file and JSON path rather than discovered mid-purchase.
public enum CatalogLoader {
  /// Loads and validates a catalog file.
  ///
  /// - Parameter path: the file, as the user named it (errors quote it as given).
  /// - Throws: ``CatalogError`` naming the file and the JSON path (or line and column) at fault.
  public static func load(path: String) throws(CatalogError) -> Catalog {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CatalogError(file: path, location: "", reason: "cannot read the file (\(describe(error)))")
    }
    do {
      return try parse(Array(data))
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
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw CatalogError(location: "line \(error.line), column \(error.column)", reason: error.reason)
    }
    return try CatalogReader().catalog(JSONNode(value: document, path: ""))
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
