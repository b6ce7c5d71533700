import FuzzTargets

/// libFuzzer's entry: one input through `ServerBodyFuzzTarget` (in the main package's
/// `FuzzTargets`, where the replay tests run it too), whose first byte says what the rest goes to.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ServerBodyFuzzTarget.run(data, size)
}
