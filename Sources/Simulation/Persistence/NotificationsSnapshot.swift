import Store
import Verifier

/// App Store Server Notifications in a saved world: the URLs, every notification with its attempts,
/// the attempts due, and the counter notification UUIDs derive from.
struct NotificationsSnapshot: Codable, Hashable {
  var urls: [NotificationURLSnapshot]
  var records: [NotificationRecordSnapshot]
  var dueAttempts: [DueAttemptSnapshot]
  var madeIdentifiers: UInt64

  init(_ notifications: ServerNotifications) {
    urls = notifications.urls.map {
      NotificationURLSnapshot(url: $0.url, environment: $0.environment.rawValue)
    }
    records = notifications.records.map(NotificationRecordSnapshot.init)
    dueAttempts = notifications.due.entries.map {
      DueAttemptSnapshot(
        record: $0.payload.record, delivery: $0.payload.delivery, due: $0.due.secondsSince1970)
    }
    madeIdentifiers = notifications.madeIdentifiers
  }

  /// Gives an empty notification state the saved one.
  func restore(into notifications: ServerNotifications, at path: String) throws(WorldFileError) {
    for (index, entry) in urls.enumerated() {
      let environment = try SnapshotPath.parse(
        entry.environment, as: Verifier.Environment.self, at: "\(path).urls[\(index)].environment")
      do {
        try notifications.add(NotificationURL(entry.url, environment: environment))
      } catch {
        throw WorldFileError(path: "\(path).urls[\(index)]", reason: error.description)
      }
    }
    for (index, entry) in records.enumerated() {
      notifications.records.append(try entry.record(sequence: index, at: "\(path).records[\(index)]"))
    }
    for (index, entry) in dueAttempts.enumerated() {
      guard records.indices.contains(entry.record),
        records[entry.record].deliveries.indices.contains(entry.delivery)
      else {
        throw WorldFileError(
          path: "\(path).dueAttempts[\(index)]", reason: "names no delivery of a notification")
      }
      notifications.due.schedule(
        ServerNotifications.DeliveryReference(record: entry.record, delivery: entry.delivery),
        at: SnapshotPath.date(entry.due))
    }
    notifications.madeIdentifiers = madeIdentifiers
  }
}
