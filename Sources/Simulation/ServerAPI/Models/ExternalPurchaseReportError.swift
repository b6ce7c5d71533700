import JSON

/// One error of the External Purchase Server API's `SendReportErrorResponse` (or, alone, the
/// `NotFoundError` of Retrieve External Purchase Report): Apple's small `errorCode`, its
/// `errorMessage`, the field at fault and the line item it belongs to.
///
/// Codes Apple's documentation gives: 1, 3, 4, 5, 6, 7, 8, 10 (and 27). `MissingLineItemsForStatusError`
/// (9) and `DuplicateTokenStatusNotAllowedError` (37) are inferred from the order in which Apple
/// lists the error objects in `SendReportErrorResponse`, which follows the codes wherever a code is
/// documented.
public struct ExternalPurchaseReportError: Hashable, Sendable {
  /// Apple's `errorCode`.
  public var errorCode: Int
  /// Apple's `errorMessage`.
  public var errorMessage: String
  /// `fieldName`: the field at fault.
  public var fieldName: String
  /// `lineItemId`: the line item at fault, for errors of a line item.
  public var lineItemId: String?

  /// Creates an error.
  public init(_ errorCode: Int, _ errorMessage: String, fieldName: String, lineItemId: String? = nil) {
    self.errorCode = errorCode
    self.errorMessage = errorMessage
    self.fieldName = fieldName
    self.lineItemId = lineItemId
  }

  /// The error as Apple writes it.
  public var json: OrderedJSON {
    var members: [OrderedJSON.Member] = [
      .init("errorCode", .integer(Int64(errorCode))), .init("errorMessage", .string(errorMessage)),
      .init("fieldName", .string(fieldName)),
    ]
    if let lineItemId { members.append(.init("lineItemId", .string(lineItemId))) }
    return .object(members)
  }

  /// `DuplicateValueError` (1): a `requestIdentifier` already accepted, or a `lineItemId` twice.
  public static func duplicateValue(_ field: String, lineItemId: String? = nil) -> Self {
    Self(
      1, "The field's value is already submitted and a duplicate value is not expected.", fieldName: field,
      lineItemId: lineItemId)
  }

  /// `NotFoundError` (3): an `externalPurchaseId` or `requestIdentifier` Apple does not know.
  public static func notFound(_ field: String, lineItemId: String? = nil) -> Self {
    Self(3, "The referenced value was not found.", fieldName: field, lineItemId: lineItemId)
  }

  /// `OmittedFieldError` (4): a required field is missing.
  public static func omittedField(_ field: String, lineItemId: String? = nil) -> Self {
    Self(4, "A required field is missing.", fieldName: field, lineItemId: lineItemId)
  }

  /// `FieldNotAllowedError` (5): a field the line item's kind does not have.
  public static func fieldNotAllowed(_ field: String, lineItemId: String? = nil) -> Self {
    Self(5, "The provided field is not allowed.", fieldName: field, lineItemId: lineItemId)
  }

  /// `FutureDateError` (6): a line item's `creationDate` after now.
  public static func futureDate(_ field: String, lineItemId: String? = nil) -> Self {
    Self(
      6, "The provided date field is in the future and future values are not allowed.", fieldName: field,
      lineItemId: lineItemId)
  }

  /// `LineItemStatusRegressionError` (8): `NO_LINE_ITEM` or `UNRECOGNIZED_TOKEN` after `LINE_ITEM`.
  public static let lineItemStatusRegression = Self(
    8, "Cannot mark status as NO_LINE_ITEM or UNRECOGNIZED_TOKEN after previously reporting as LINE_ITEM.",
    fieldName: "status")

  /// `MissingLineItemsForStatusError` (9, inferred): `LINE_ITEM` without line items.
  public static let missingLineItemsForStatus = Self(
    9, "The external purchase ID has a LINE_ITEM status but is missing line items.", fieldName: "status")

  /// `LineItemsNotAllowedForStatusError` (10): line items with another status.
  public static let lineItemsNotAllowedForStatus = Self(
    10,
    "A line item was provided for an external purchase ID that has a NO_LINE_ITEM or UNRECOGNIZED_TOKEN status.",
    fieldName: "status")

  /// `DuplicateTokenStatusNotAllowedError` (37, inferred): `DUPLICATE_TOKEN` for a token that is not
  /// a custom link token (`ACQUISITION` or `SERVICES`).
  public static let duplicateTokenStatusNotAllowed = Self(
    37, "The duplicate token status is not allowed for the associated token type.", fieldName: "status")
}
