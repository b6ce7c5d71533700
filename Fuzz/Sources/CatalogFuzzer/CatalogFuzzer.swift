import Catalog

/// Reads an input as a catalog in storebench's JSON format, as `catalog load FILE.json` does: a
/// catalog, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    _ = try CatalogLoader.parse(Array(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    _ = error.description
  }
  return 0
}
