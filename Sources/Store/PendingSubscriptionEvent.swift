import Foundation

/// A subscription event waiting on the store's clock, as a saved world keeps it: what, when, and
/// whose subscription, in the order the store scheduled it.
public struct PendingSubscriptionEvent: Hashable, Sendable {
  /// What happens.
  public var kind: ScheduledEventKind
  /// When.
  public var due: Date
  /// The account whose subscription it is.
  public var accountName: String
  /// The subscription group.
  public var group: String

  /// Creates an event.
  public init(kind: ScheduledEventKind, due: Date, accountName: String, group: String) {
    self.kind = kind
    self.due = due
    self.accountName = accountName
    self.group = group
  }
}
