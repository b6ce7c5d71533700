import Store

/// A subscription event due on the store's clock, in the order the store scheduled it.
struct ScheduledEventSnapshot: Codable, Hashable {
  var kind: String
  var due: Double
  var account: String
  var group: String

  init(_ event: PendingSubscriptionEvent) {
    kind = event.kind.rawValue
    due = event.due.secondsSince1970
    account = event.accountName
    group = event.group
  }

  func event(at path: String) throws(WorldFileError) -> PendingSubscriptionEvent {
    PendingSubscriptionEvent(
      kind: try SnapshotPath.parse(kind, as: ScheduledEventKind.self, at: path + ".kind"),
      due: SnapshotPath.date(due), accountName: account, group: group)
  }
}
