/// One external purchase token in a saved world.
struct ExternalPurchaseTokenSnapshot: Codable, Hashable {
  var externalPurchaseId: String
  var tokenType: String?
  var creationDate: Double
  var expirationDate: Double?
  var account: String
  var reportedStatuses: [String]
  var remindersSent: Int
  var unreportedSent: Bool

  init(_ token: ExternalPurchaseToken) {
    externalPurchaseId = token.externalPurchaseId
    tokenType = token.type?.rawValue
    creationDate = token.creationDate.secondsSince1970
    expirationDate = token.expirationDate?.secondsSince1970
    account = token.accountName
    reportedStatuses = token.reportedStatuses.map(\.rawValue)
    remindersSent = token.remindersSent
    unreportedSent = token.unreportedSent
  }

  func token(at path: String) throws(WorldFileError) -> ExternalPurchaseToken {
    var token = ExternalPurchaseToken(
      externalPurchaseId: externalPurchaseId,
      type: try SnapshotPath.parse(
        optional: tokenType, as: ExternalPurchaseTokenType.self, at: path + ".tokenType"),
      creationDate: SnapshotPath.date(creationDate), expirationDate: expirationDate.map(SnapshotPath.date),
      accountName: account)
    for (index, status) in reportedStatuses.enumerated() {
      token.reportedStatuses.append(
        try SnapshotPath.parse(
          status, as: ExternalPurchaseReportStatus.self, at: "\(path).reportedStatuses[\(index)]"))
    }
    guard remindersSent >= 0 else {
      throw WorldFileError(path: path + ".remindersSent", reason: "negative count")
    }
    token.remindersSent = remindersSent
    token.unreportedSent = unreportedSent
    return token
  }
}
