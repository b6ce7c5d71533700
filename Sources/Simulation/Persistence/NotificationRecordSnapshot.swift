import Store
import Verifier

/// A notification the App Store made, as sent: its identity, signed payload and deliveries.
struct NotificationRecordSnapshot: Codable, Hashable {
  var notificationUUID: String
  var notificationType: String
  var subtype: String?
  var account: String?
  var transactionId: String?
  var environment: String
  var createdDate: Double
  var payloadJSON: String
  var signedPayload: String
  var deliveries: [DeliverySnapshot]

  init(_ record: NotificationRecord) {
    notificationUUID = record.notificationUUID
    notificationType = record.kind.rawValue
    subtype = record.subtype?.rawValue
    account = record.accountName
    transactionId = record.transactionNumber.map { String($0) }
    environment = record.environment.rawValue
    createdDate = record.createdDate.secondsSince1970
    payloadJSON = record.payloadJSON
    signedPayload = record.signedPayload
    deliveries = record.deliveries.map(DeliverySnapshot.init)
  }

  func record(sequence: Int, at path: String) throws(WorldFileError) -> NotificationRecord {
    var deliveries: [NotificationDelivery] = []
    for (index, delivery) in self.deliveries.enumerated() {
      deliveries.append(try delivery.delivery(at: "\(path).deliveries[\(index)]"))
    }
    return NotificationRecord(
      sequence: sequence, notificationUUID: notificationUUID,
      kind: try SnapshotPath.parse(
        notificationType, as: ServerEvent.Kind.self, at: path + ".notificationType"),
      subtype: try SnapshotPath.parse(optional: subtype, as: ServerEvent.Subtype.self, at: path + ".subtype"),
      accountName: account,
      transactionNumber: try SnapshotPath.number(optional: transactionId, at: path + ".transactionId"),
      environment: try SnapshotPath.parse(
        environment, as: Verifier.Environment.self, at: path + ".environment"),
      createdDate: SnapshotPath.date(createdDate), payloadJSON: payloadJSON, signedPayload: signedPayload,
      deliveries: deliveries)
  }
}
