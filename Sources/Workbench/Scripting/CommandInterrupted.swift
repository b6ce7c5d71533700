/// A command the user stopped (Ctrl-C) before it was done; the world stands consistent where it
/// stopped, and the description says where.
public struct CommandInterrupted: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the world stands, such as `the clock stopped at 2026-01-01T00:30:00Z after 900 events`.
  public var description: String

  /// Creates an interruption.
  public init(_ description: String) {
    self.description = description
  }
}
