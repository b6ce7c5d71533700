import Foundation
import Store
import Testing

@testable import Simulation

/// One error of a `SendReportErrorResponse`.
struct ReportErrorBody: Decodable, Equatable {
  var errorCode: Int
  var errorMessage: String
  var fieldName: String
  var lineItemId: String?
}

/// Apple's `SendReportErrorResponse`.
struct ReportErrorsBody: Decodable {
  var errors: [ReportErrorBody]
}

@Suite struct ExternalPurchaseReportTests {
  let world: World
  let plain: ExternalPurchaseToken
  let services: ExternalPurchaseToken

  init() throws {
    world = try World.notifying(.sandbox)
    plain = try world.linkOut(type: nil)
    services = try world.linkOut(type: .services)
  }

  /// A report body from its members, each given as JSON text.
  func body(_ members: [(String, String)]) -> String {
    "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  func report(
    id: String = "c0a8f2c4-5b0e-4d5e-9a51-7a4b8e2f1d3c", token: String? = nil,
    status: String = "NO_LINE_ITEM",
    lineItems: String? = nil
  ) -> [(String, String)] {
    var members = [
      ("requestIdentifier", "\"\(id)\""), ("externalPurchaseId", "\"\(token ?? plain.externalPurchaseId)\""),
      ("status", "\"\(status)\""),
    ]
    if let lineItems { members.append(("lineItems", lineItems)) }
    return members
  }

  /// A complete `OneTimeBuyLineItem`, made on the world's clock, without the fields named in `leaving`
  /// and with `extra` members added.
  func oneTimeBuy(_ id: String, leaving: Set<String> = [], extra: [(String, String)] = []) -> String {
    let members =
      [
        ("lineItemId", "\"\(id)\""), ("creationDate", "\(world.store.clock.now.milliseconds)"),
        ("pricingCurrency", #""EUR""#), ("reportingCurrency", #""EUR""#), ("amountTaxExclusive", "9990"),
        ("amountTaxInclusive", "11990"), ("netAmountTaxExclusive", "9990"), ("taxAmount", "2000"),
        ("taxCountry", #""DEU""#), ("productIdentifier", #""pro""#), ("quantity", "1"),
        ("eventType", #""BUY""#),
        ("productType", #""ONE_TIME_BUY""#),
      ].filter { !leaving.contains($0.0) } + extra
    return body(members)
  }

  /// The errors of a 400 answer.
  func errors(_ body: String) throws -> [ReportErrorBody] {
    let response = world.report(body)
    #expect(response.status == 400, "\(String(decoding: response.body, as: UTF8.self))")
    #expect(response.headers.first { $0.name == "Content-Type" }?.value == "application/json")
    return try JSONDecoder().decode(ReportErrorsBody.self, from: Data(response.body)).errors
  }

  @Test func everyMissingRequiredFieldIsAnOmittedFieldError() throws {
    for field in ["requestIdentifier", "externalPurchaseId", "status"] {
      let members = report().filter { $0.0 != field }
      #expect(
        try errors(body(members)) == [
          ReportErrorBody(errorCode: 4, errorMessage: "A required field is missing.", fieldName: field)
        ])
      let null = report().map { $0.0 == field ? ($0.0, "null") : $0 }
      #expect(try errors(body(null)).map(\.fieldName) == [field])
    }
    #expect(try errors("{}").map(\.errorCode) == [4, 4, 4])
    #expect(world.externalPurchases.reports.isEmpty)
  }

  @Test func anUnknownTokenIsNotFound() throws {
    #expect(
      try errors(body(report(token: "SANDBOX_00000000-0000-0000-0000-000000000000")))
        == [
          ReportErrorBody(
            errorCode: 3, errorMessage: "The referenced value was not found.", fieldName: "externalPurchaseId"
          )
        ])
  }

  @Test func lineItemsGoWithLineItemOnly() throws {
    #expect(try errors(body(report(status: "LINE_ITEM"))).map(\.errorCode) == [9])
    #expect(try errors(body(report(status: "LINE_ITEM", lineItems: "[]"))).map(\.errorCode) == [9])
    for status in ["NO_LINE_ITEM", "UNRECOGNIZED_TOKEN"] {
      #expect(
        try errors(body(report(status: status, lineItems: "[\(oneTimeBuy("a"))]"))).map(\.errorCode) == [10]
      )
    }
    #expect(
      try errors(
        body(
          report(
            token: services.externalPurchaseId, status: "DUPLICATE_TOKEN", lineItems: "[\(oneTimeBuy("a"))]"
          ))
      )
      .map(\.errorCode) == [10])
  }

  @Test func lineItemsNeedDistinctIdentifiers() throws {
    let items = "[\(oneTimeBuy("a")),\(oneTimeBuy("a")),\(oneTimeBuy("b", leaving: ["lineItemId"]))]"
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: items)))
        == [
          ReportErrorBody(
            errorCode: 1,
            errorMessage: "The field's value is already submitted and a duplicate value is not expected.",
            fieldName: "lineItemId", lineItemId: "a"),
          ReportErrorBody(
            errorCode: 4, errorMessage: "A required field is missing.", fieldName: "lineItemId"),
        ])
  }

  @Test func eachLineItemHasEveryFieldItsKindRequiresAndNoneItLacks() throws {
    let required = [
      "lineItemId", "creationDate", "pricingCurrency", "reportingCurrency", "amountTaxExclusive",
      "amountTaxInclusive", "netAmountTaxExclusive", "taxAmount", "taxCountry", "productIdentifier",
      "quantity",
      "eventType", "productType",
    ]
    for field in required {
      let found = try errors(
        body(report(status: "LINE_ITEM", lineItems: "[\(oneTimeBuy("a", leaving: [field]))]")))
      let expected = field == "eventType" ? ["eventType"] : [field]
      #expect(found.map(\.fieldName) == expected, "\(field)")
      #expect(found.allSatisfy { $0.errorCode == 4 && $0.lineItemId == (field == "lineItemId" ? nil : "a") })
    }
    let subscription = oneTimeBuy(
      "s", leaving: ["productType"],
      extra: [("productType", #""SUBSCRIPTION""#), ("subscriptionEvent", #""SUBSCRIPTION_START""#)])
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: "[\(subscription)]"))).map(\.fieldName)
        == ["subscriptionStartDate", "subscriptionEndDate", "subscriptionDaysOfPaidService"])
    let refund = oneTimeBuy("r", leaving: ["eventType", "productType"], extra: [("eventType", #""REFUND""#)])
    let refundErrors = try errors(body(report(status: "LINE_ITEM", lineItems: "[\(refund)]")))
    #expect(refundErrors.map(\.errorCode) == [4, 5, 5])
    #expect(refundErrors.map(\.fieldName) == ["referenceLineItemId", "productIdentifier", "quantity"])
    let oneTime = oneTimeBuy("o", extra: [("referenceLineItemId", #""a""#)])
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: "[\(oneTime)]")))
        == [
          ReportErrorBody(
            errorCode: 5, errorMessage: "The provided field is not allowed.",
            fieldName: "referenceLineItemId", lineItemId: "o")
        ])
  }

  @Test func aLineItemCannotBeMadeInTheFuture() throws {
    let later = world.store.clock.now.milliseconds + 1
    let item = oneTimeBuy("a", leaving: ["creationDate"], extra: [("creationDate", "\(later)")])
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: "[\(item)]")))
        == [
          ReportErrorBody(
            errorCode: 6,
            errorMessage: "The provided date field is in the future and future values are not allowed.",
            fieldName: "creationDate", lineItemId: "a")
        ])
  }

  @Test func aDuplicateTokenMustBeACustomLinkToken() throws {
    #expect(try errors(body(report(status: "DUPLICATE_TOKEN"))).map(\.errorCode) == [37])
    #expect(
      world.report(body(report(token: services.externalPurchaseId, status: "DUPLICATE_TOKEN"))).status == 200)
  }

  @Test func aRequestIdentifierIsAcceptedOnceAndStatusDoesNotStepBackFromLineItem() throws {
    let first = world.report(body(report(status: "LINE_ITEM", lineItems: "[\(oneTimeBuy("a"))]")))
    #expect(first.status == 200)
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: "[\(oneTimeBuy("b"))]"))).map(\.fieldName)
        == ["requestIdentifier"])
    let again = report(id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "NO_LINE_ITEM")
    #expect(try errors(body(again)).map(\.errorCode) == [8])
    let unrecognized = report(id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "UNRECOGNIZED_TOKEN")
    #expect(try errors(body(unrecognized)).map(\.errorCode) == [8])
    let correction = report(
      id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "LINE_ITEM", lineItems: "[\(oneTimeBuy("c"))]")
    #expect(world.report(body(correction)).status == 200)
    #expect(
      world.externalPurchases.token(plain.externalPurchaseId)?.reportedStatuses == [.lineItem, .lineItem])
  }

  @Test func aMalformedBodyIsABadRequest() throws {
    let malformed = [
      "", "not json", "[]", #"{"status":"NO_LINE_ITEM","status":"LINE_ITEM"}"#,
      body(report(status: "MAYBE")), body(report(id: "not-a-uuid")),
      body(report().map { $0.0 == "status" ? ($0.0, "1") : $0 }),
      body(report(status: "LINE_ITEM", lineItems: #"{"lineItemId":"a"}"#)),
      body(report(status: "LINE_ITEM", lineItems: #"["a"]"#)),
      body(report(status: "LINE_ITEM", lineItems: #"[{"lineItemId":"a","eventType":"SELL"}]"#)),
      body(
        report(
          status: "LINE_ITEM", lineItems: #"[{"lineItemId":"a","eventType":"BUY","productType":"GIFT"}]"#)),
      body(report(status: "LINE_ITEM", lineItems: #"[{"lineItemId":"a","creationDate":"yesterday"}]"#)),
      body(report(status: "LINE_ITEM", lineItems: #"[{"lineItemId":7}]"#)),
    ]
    for text in malformed {
      #expect(try errorCode(world.report(text)) == 4_000_000, "\(text)")
    }
    #expect(world.externalPurchases.reports.isEmpty)
  }

  @Test func retrievingAnUnknownReportIsNotFound() throws {
    let response = world.call("GET", "/externalPurchase/v1/reports/c0a8f2c4-5b0e-4d5e-9a51-7a4b8e2f1d3c")
    #expect(response.status == 400)
    #expect(
      try JSONDecoder().decode(ReportErrorBody.self, from: Data(response.body))
        == ReportErrorBody(
          errorCode: 3, errorMessage: "The referenced value was not found.", fieldName: "requestIdentifier"))
    #expect(world.call("POST", "/externalPurchase/v1/reports").status == 405)
  }
}
