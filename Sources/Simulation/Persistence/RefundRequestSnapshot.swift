import Store

/// An in-app refund request waiting for Apple's decision.
struct RefundRequestSnapshot: Codable, Hashable {
  var transactionId: String
  var account: String
  var reason: String
  var requestDate: Double
  var asksForConsumptionInfo: Bool

  init(_ request: RefundRequest) {
    transactionId = String(request.transactionNumber)
    account = request.accountName
    reason = request.reason.rawValue
    requestDate = request.requestDate.secondsSince1970
    asksForConsumptionInfo = request.asksForConsumptionInfo
  }

  func request(at path: String) throws(WorldFileError) -> RefundRequest {
    RefundRequest(
      transactionNumber: try SnapshotPath.number(transactionId, at: path + ".transactionId"),
      accountName: account,
      reason: try SnapshotPath.parse(reason, as: RefundRequest.Reason.self, at: path + ".reason"),
      requestDate: SnapshotPath.date(requestDate), asksForConsumptionInfo: asksForConsumptionInfo)
  }
}
