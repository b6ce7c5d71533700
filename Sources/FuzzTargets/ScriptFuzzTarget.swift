/// Runs an input as a script, each line split by `CommandLineSplitter` and run by the `Interpreter`
/// as `storebench run --keep-going` would, on a new session over the built-in catalog (see
/// ``FuzzScript`` for the lines left out and the limit on clock events). Each line succeeds or fails
/// with a message; nothing else may happen.
public enum ScriptFuzzTarget: FuzzTarget {
  /// `ScriptFuzzer`.
  public static let name = "ScriptFuzzer"

  /// Runs the input, read as UTF-8, as a script.
  ///
  /// - Parameter input: The script's bytes.
  public static func run(_ input: [UInt8]) {
    FuzzScript.run(String(decoding: input, as: UTF8.self))
  }
}
