import FuzzTargets

/// libFuzzer's entry: one input through `ScriptFuzzTarget` (in the main package's `FuzzTargets`,
/// where the replay tests run it too), which says what the input goes to.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ScriptFuzzTarget.run(data, size)
}
