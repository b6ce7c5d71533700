/// The `status` of an external purchase report: what it says of its token.
public enum ExternalPurchaseReportStatus: String, Hashable, Sendable, CaseIterable, Codable {
  /// `LINE_ITEM`: the token has transactions, listed in `lineItems`.
  case lineItem = "LINE_ITEM"
  /// `NO_LINE_ITEM`: the token led to no transaction.
  case noLineItem = "NO_LINE_ITEM"
  /// `UNRECOGNIZED_TOKEN`: the developer's system has no record of the token.
  case unrecognizedToken = "UNRECOGNIZED_TOKEN"
  /// `DUPLICATE_TOKEN`: a custom link token of a period another token of the customer's reports.
  case duplicateToken = "DUPLICATE_TOKEN"

  /// Whether a report of this status carries `lineItems`: only `LINE_ITEM` does.
  public var carriesLineItems: Bool { self == .lineItem }
}
