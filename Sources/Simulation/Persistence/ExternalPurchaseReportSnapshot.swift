/// One accepted external purchase report in a saved world; `lineItems` is the compact JSON text
/// of the array as it was sent.
struct ExternalPurchaseReportSnapshot: Codable, Hashable {
  var requestIdentifier: String
  var externalPurchaseId: String
  var status: String
  var lineItems: String?
  var receivedDate: Double

  init(_ report: ExternalPurchaseReport) {
    requestIdentifier = report.requestIdentifier
    externalPurchaseId = report.externalPurchaseId
    status = report.status.rawValue
    lineItems = report.lineItemsJSON
    receivedDate = report.receivedDate.secondsSince1970
  }

  func report(at path: String) throws(WorldFileError) -> ExternalPurchaseReport {
    ExternalPurchaseReport(
      requestIdentifier: requestIdentifier, externalPurchaseId: externalPurchaseId,
      status: try SnapshotPath.parse(status, as: ExternalPurchaseReportStatus.self, at: path + ".status"),
      lineItemsJSON: lineItems, receivedDate: SnapshotPath.date(receivedDate))
  }
}
