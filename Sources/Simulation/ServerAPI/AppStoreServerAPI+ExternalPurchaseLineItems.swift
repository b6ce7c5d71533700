import Foundation
import JSON

extension AppStoreServerAPI {
  /// `lineItems`: absent, or an array of line items, each checked against its kind's fields
  /// (``lineItemErrors(_:now:)``) and their `lineItemId`s distinct (`DuplicateValueError`).
  ///
  /// - Throws: `4000000` when it is not an array of objects, or a line item is malformed.
  static func lineItems(
    _ value: JSONValue?, now: Date, errors: inout [ExternalPurchaseReportError]
  ) throws(APIError) -> [JSONValue]? {
    switch value {
    case nil, .null?: return nil
    case .array(let items)?:
      var seen = Set<String>()
      for item in items {
        guard case .object(let members) = item, let fields = try? JSONMember.table(members) else {
          throw .generalBadRequest
        }
        errors += try lineItemErrors(fields, now: now)
        if let id = try text(fields["lineItemId"]), !seen.insert(id).inserted {
          errors.append(.duplicateValue("lineItemId", lineItemId: id))
        }
      }
      return items
    case .object?, .string?, .number?, .bool?: throw .generalBadRequest
    }
  }

  /// What Apple's documentation says of one line item: every field its kind requires
  /// (`OmittedFieldError`), none its kind has no such property for (`FieldNotAllowedError`), a
  /// `creationDate` not in the future (`FutureDateError`). Amounts, currencies, references and
  /// corrections are not checked.
  ///
  /// - Throws: `4000000` for an `eventType`, `productType`, `lineItemId` or `creationDate` of the
  ///   wrong type or outside Apple's values.
  private static func lineItemErrors(
    _ fields: [String: JSONValue], now: Date
  ) throws(APIError) -> [ExternalPurchaseReportError] {
    let id = try text(fields["lineItemId"])
    let eventType = try text(fields["eventType"])
    let kind = try ExternalPurchaseLineItemKind.of(
      eventType: eventType, productType: try text(fields["productType"]))
    let required = kind?.required ?? ExternalPurchaseLineItemKind.required(eventType: eventType)
    var errors = required.filter { fields[$0] == nil || fields[$0] == .null }.map {
      ExternalPurchaseReportError.omittedField($0, lineItemId: id)
    }
    if let kind {
      errors += ExternalPurchaseLineItemKind.restricted.filter { fields[$0] != nil && !kind.allows($0) }.map {
        ExternalPurchaseReportError.fieldNotAllowed($0, lineItemId: id)
      }
    }
    switch fields["creationDate"] {
    case nil, .null?: break
    case .number(let digits)?:
      guard let milliseconds = Int64(digits) else { throw .generalBadRequest }
      if milliseconds > now.milliseconds { errors.append(.futureDate("creationDate", lineItemId: id)) }
    case .object?, .array?, .string?, .bool?: throw .generalBadRequest
    }
    return errors
  }

  /// A string field's text, `nil` when absent or null.
  ///
  /// - Throws: `4000000` for another type.
  private static func text(_ value: JSONValue?) throws(APIError) -> String? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case .object?, .array?, .number?, .bool?: throw .generalBadRequest
    }
  }
}
