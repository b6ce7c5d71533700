import Catalog

/// Reads an input as an Xcode StoreKit configuration file, as `catalog load FILE.storekit` does: a
/// catalog, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreKit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    _ = try CatalogLoader.parseStoreKitConfiguration(
      Array(UnsafeBufferPointer(start: data, count: size)), bundleId: CatalogLoader.defaultStoreKitBundleId)
  } catch {
    _ = error.description
  }
  return 0
}
