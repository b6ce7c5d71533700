import Foundation
import JSON

extension AppStoreServerAPI {
  /// The External Purchase Server API's Send External Purchase Report:
  /// `PUT /externalPurchase/v1/reports` with an `ExternalPurchaseReport`. 200
  /// `{"requestIdentifier": …}` when it passes Apple's checks, and its token counts as reported (no
  /// `UNREPORTED` follows); else 400 `{"errors": [ … ]}` listing every error found, nothing kept.
  /// A body that is not a JSON object of the report's shape (a field of the wrong type, an unknown
  /// `status`, a `requestIdentifier` that is no UUID) is 400 `4000000` (Apple says only that a
  /// malformed request is a 400).
  static func sendExternalPurchaseReport(_ context: APIContext) throws(APIError) -> APIResponse {
    let members = try reportMembers(context.request.body)
    var errors: [ExternalPurchaseReportError] = []
    let requestIdentifier = try field("requestIdentifier", of: members, errors: &errors)
    let externalPurchaseId = try field("externalPurchaseId", of: members, errors: &errors)
    let statusText = try field("status", of: members, errors: &errors)
    guard requestIdentifier.map({ UUID(uuidString: $0) != nil }) ?? true,
      statusText.map({ ExternalPurchaseReportStatus(rawValue: $0) != nil }) ?? true
    else { throw .generalBadRequest }
    let status = statusText.flatMap(ExternalPurchaseReportStatus.init(rawValue:))
    let lineItems = try lineItems(members["lineItems"], now: context.now, errors: &errors)
    let purchases = context.world.externalPurchases
    if let requestIdentifier, purchases.report(requestIdentifier) != nil {
      errors.append(.duplicateValue("requestIdentifier"))
    }
    let token = externalPurchaseId.flatMap(purchases.token)
    if externalPurchaseId != nil, token == nil { errors.append(.notFound("externalPurchaseId")) }
    if let status { errors += statusErrors(status, lineItems: lineItems, token: token) }
    guard errors.isEmpty, let requestIdentifier, let externalPurchaseId, let status else {
      let body = OrderedJSON.object([.init("errors", .array(errors.map(\.json)))])
      return .json(body.text, status: 400)
    }
    let report = ExternalPurchaseReport(
      requestIdentifier: requestIdentifier, externalPurchaseId: externalPurchaseId, status: status,
      lineItemsJSON: try lineItems.map(lineItemsText), receivedDate: context.now)
    context.world.accept(report)
    return .json(OrderedJSON.object([.init("requestIdentifier", .string(requestIdentifier))]).text)
  }

  /// The External Purchase Server API's Retrieve External Purchase Report:
  /// `GET /externalPurchase/v1/reports/{requestIdentifier}`, 200 `{"report": …}` with the report as
  /// it was accepted; 400 with a `NotFoundError` for an identifier no accepted report has.
  static func retrieveExternalPurchaseReport(_ context: APIContext) throws(APIError) -> APIResponse {
    guard let report = context.world.externalPurchases.report(context.parameters[0]) else {
      return .json(ExternalPurchaseReportError.notFound("requestIdentifier").json.text, status: 400)
    }
    let text = OrderedJSON.object([
      .init("requestIdentifier", .string(report.requestIdentifier)),
      .init("externalPurchaseId", .string(report.externalPurchaseId)),
      .init("status", .string(report.status.rawValue)),
    ]).text
    // The line items go back as kept (compact, keys in the order sent), spliced in before the `}`.
    let body = report.lineItemsJSON.map { text.dropLast() + ",\"lineItems\":\($0)}" } ?? text
    return .json("{\"report\":\(body)}")
  }

  /// The report's members by key; a body that is not one JSON object with distinct keys is 400.
  private static func reportMembers(_ body: [UInt8]) throws(APIError) -> [String: JSONValue] {
    guard case .object(let members)? = try? JSONParser.parse(body),
      let table = try? JSONMember.table(members)
    else { throw .generalBadRequest }
    return table
  }

  /// A required string field: missing or null is `OmittedFieldError`, another type is malformed.
  private static func field(
    _ name: String, of members: [String: JSONValue], errors: inout [ExternalPurchaseReportError]
  ) throws(APIError) -> String? {
    switch members[name] {
    case .string(let text)?: return text
    case nil, .null?:
      errors.append(.omittedField(name))
      return nil
    case .object?, .array?, .number?, .bool?: throw .generalBadRequest
    }
  }

  /// What a report's status allows: line items with `LINE_ITEM` only (and then at least one), no
  /// step back from `LINE_ITEM`, `DUPLICATE_TOKEN` for custom link tokens only.
  private static func statusErrors(
    _ status: ExternalPurchaseReportStatus, lineItems: [JSONValue]?, token: ExternalPurchaseToken?
  ) -> [ExternalPurchaseReportError] {
    var errors: [ExternalPurchaseReportError] = []
    if status.carriesLineItems, lineItems?.isEmpty ?? true { errors.append(.missingLineItemsForStatus) }
    if !status.carriesLineItems, lineItems != nil { errors.append(.lineItemsNotAllowedForStatus) }
    if [.noLineItem, .unrecognizedToken].contains(status), token?.hasLineItems == true {
      errors.append(.lineItemStatusRegression)
    }
    if status == .duplicateToken, let token, !token.isCustomLink {
      errors.append(.duplicateTokenStatusNotAllowed)
    }
    return errors
  }

  /// The line items as compact JSON, their keys and numbers as sent.
  private static func lineItemsText(_ items: [JSONValue]) throws(APIError) -> String {
    do {
      return try OrderedJSONEncoder(isCompact: true).encode(JSONDocument(.array(items)))
    } catch {
      throw .generalBadRequest
    }
  }
}
