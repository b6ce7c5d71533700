/// A notification's delivery to one URL: its attempts and when the next is due, if one is.
struct DeliverySnapshot: Codable, Hashable {
  var url: String
  var attempts: [SendAttemptSnapshot]
  var nextAttemptDate: Double?

  init(_ delivery: NotificationDelivery) {
    url = delivery.url
    attempts = delivery.attempts.map {
      SendAttemptSnapshot(date: $0.attemptDate.secondsSince1970, result: $0.result.rawValue)
    }
    nextAttemptDate = delivery.nextAttemptDate?.secondsSince1970
  }

  func delivery(at path: String) throws(WorldFileError) -> NotificationDelivery {
    var delivery = NotificationDelivery(url: url, firstAttemptAt: .distantPast)
    delivery.nextAttemptDate = nextAttemptDate.map(SnapshotPath.date)
    for (index, attempt) in attempts.enumerated() {
      let result = try SnapshotPath.parse(
        attempt.result, as: SendAttemptResult.self, at: "\(path).attempts[\(index)].result")
      delivery.attempts.append(SendAttempt(attemptDate: SnapshotPath.date(attempt.date), result: result))
    }
    return delivery
  }
}
