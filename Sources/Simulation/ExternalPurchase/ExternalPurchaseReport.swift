import Foundation

/// A report the External Purchase Server API accepted (Apple's `ExternalPurchaseReport`), as
/// Retrieve External Purchase Report gives it back.
public struct ExternalPurchaseReport: Hashable, Sendable {
  /// `requestIdentifier`: the UUID the developer chose for the report.
  public let requestIdentifier: String
  /// `externalPurchaseId`: the token reported.
  public let externalPurchaseId: String
  /// `status`.
  public let status: ExternalPurchaseReportStatus
  /// `lineItems` as they were sent (compact JSON of the array), for `LINE_ITEM` reports.
  public let lineItemsJSON: String?
  /// When the report was accepted, on the virtual clock.
  public let receivedDate: Date

  /// Creates a report.
  public init(
    requestIdentifier: String, externalPurchaseId: String, status: ExternalPurchaseReportStatus,
    lineItemsJSON: String?, receivedDate: Date
  ) {
    self.requestIdentifier = requestIdentifier
    self.externalPurchaseId = externalPurchaseId
    self.status = status
    self.lineItemsJSON = lineItemsJSON
    self.receivedDate = receivedDate
  }
}
