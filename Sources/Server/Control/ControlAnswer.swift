import Simulation

/// The JSON answer of a control API request that ran (or was refused before running) a command:
/// `{"line":…,"ok":…,"output":[…],"error":{"code":…,"message":…}}`.
struct ControlAnswer: Encodable, Sendable {
  /// The command line run; absent when none ran.
  var line: String?
  /// Whether it succeeded.
  var ok: Bool
  /// The lines it printed.
  var output: [String]
  /// Why it failed, with the code of docs/errors.md.
  var error: ControlError?

  /// The answer for a result.
  init(_ result: ControlResult) {
    line = result.commandLine
    ok = result.succeeded
    output = result.output
    error =
      result.succeeded ? nil : ControlError(code: result.code?.rawValue, message: result.error ?? "failed")
  }
}
