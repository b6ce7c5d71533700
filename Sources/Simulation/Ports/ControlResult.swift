import Vocabulary

/// What came of a request of the control API (`serve`'s `/control/v1/`): the command line it ran,
/// how it went, and what it printed.
public struct ControlResult: Hashable, Sendable {
  /// The command line it ran, or `nil` when the request was refused before any ran.
  public var commandLine: String?
  /// Whether the command succeeded.
  public var succeeded: Bool
  /// The lines the command printed (its output, then its error, if any), as the prompt shows them.
  public var output: [String]
  /// The error, when it failed or was refused.
  public var error: String?
  /// What kind of failure it was (``ErrorCode``), `nil` when the command succeeded.
  public var code: ErrorCode?

  /// Creates a result.
  public init(
    commandLine: String?, succeeded: Bool, output: [String] = [], error: String? = nil, code: ErrorCode? = nil
  ) {
    self.commandLine = commandLine
    self.succeeded = succeeded
    self.output = output
    self.error = error
    self.code = code
  }
}
