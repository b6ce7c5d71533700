import Vocabulary

/// A Transaction Manager action asked for on the page `serve` shows: its name (such as `refund`)
/// and its fields as the page's form sent them. The workbench turns it into one command line
/// and runs it as if typed, so a click does what the command does, and shows and records as it.
public struct PageAction: Hashable, Sendable {
  /// The action, such as `refund`, `expire` or `approve`.
  public var name: String
  /// The form's fields, such as `transaction` and `reason`.
  public var fields: [String: String]

  /// Creates an action.
  public init(name: String, fields: [String: String] = [:]) {
    self.name = name
    self.fields = fields
  }
}

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

/// A world whose owner runs page actions as commands (the workbench's session owner does).
public protocol PageActionRunner: WorldAccess {
  /// Runs an action as the command it mirrors, alone, and says how it went.
  func perform(_ action: PageAction) async -> PageActionResult
}
