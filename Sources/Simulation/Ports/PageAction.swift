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
