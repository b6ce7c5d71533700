import FuzzTargets

/// libFuzzer's entry: one input through `CatalogFuzzTarget` (in the main package's `FuzzTargets`,
/// where the replay tests run it too), which says what the input goes to.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CatalogFuzzTarget.run(data, size)
}
