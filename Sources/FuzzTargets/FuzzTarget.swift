/// What one fuzz target does with one input. The libFuzzer executable of the same ``name`` in
/// `Fuzz/` calls ``run(_:)`` from its `LLVMFuzzerTestOneInput`, and the replay tests
/// (`Tests/FuzzReplayTests`) call it with every seed and every saved input, in the debug build.
///
/// An input must end in a value or an error; a trap (a failed precondition, an index out of range,
/// an arithmetic overflow) is the finding.
public protocol FuzzTarget {
  /// The libFuzzer executable's name, which also names its folders in `Fuzz/corpus/` and
  /// `Fuzz/crashes/`.
  static var name: String { get }

  /// Runs one input.
  ///
  /// - Parameter input: The bytes libFuzzer made, or a saved input.
  static func run(_ input: [UInt8])
}

extension FuzzTarget {
  /// Runs the input libFuzzer hands `LLVMFuzzerTestOneInput`.
  ///
  /// - Parameters:
  ///   - data: The input's first byte.
  ///   - size: The input's length.
  /// - Returns: 0, as libFuzzer requires.
  public static func run(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }
}
