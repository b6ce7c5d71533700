import FuzzSupport

/// Runs an input as a script, each line split by `CommandLineSplitter` and run by the `Interpreter`
/// as `storebench run --keep-going` would, on a new session over the built-in catalog (see
/// `FuzzScript` for the lines left out and the limit on clock events). Each line succeeds or fails
/// with a message; nothing else may happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzScript.run(String(decoding: FuzzEnvironment.bytes(data, size), as: UTF8.self))
  return 0
}
