import Vocabulary

/// What came of a ``PageAction``.
public struct PageActionResult: Hashable, Sendable {
  /// The command line it ran, or `nil` when the action was refused before any ran.
  public var commandLine: String?
  /// Whether the command succeeded.
  public var succeeded: Bool
  /// The error, or the command's output, for the page to show.
  public var message: String
  /// What kind of failure it was (``ErrorCode``), `nil` when the command succeeded or the action
  /// was refused before any ran.
  public var code: ErrorCode?

  /// Creates a result.
  public init(commandLine: String?, succeeded: Bool, message: String, code: ErrorCode? = nil) {
    self.commandLine = commandLine
    self.succeeded = succeeded
    self.message = message
    self.code = code
  }
}
