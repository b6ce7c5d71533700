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
        try errors(body(report(status: status, lineItems: #"[{"lineItemId":"a"}]"#))).map(\.errorCode) == [10]
      )
    }
    #expect(
      try errors(
        body(
          report(
            token: services.externalPurchaseId, status: "DUPLICATE_TOKEN", lineItems: #"[{"lineItemId":"a"}]"#
          ))
      )
      .map(\.errorCode) == [10])
  }

  @Test func lineItemsNeedDistinctIdentifiers() throws {
    let twice = #"[{"lineItemId":"a"},{"lineItemId":"a"},{"eventType":"BUY"}]"#
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: twice)))
        == [
          ReportErrorBody(
            errorCode: 1,
            errorMessage: "The field's value is already submitted and a duplicate value is not expected.",
            fieldName: "lineItemId", lineItemId: "a"),
          ReportErrorBody(
            errorCode: 4, errorMessage: "A required field is missing.", fieldName: "lineItemId"),
        ])
  }

  @Test func aDuplicateTokenMustBeACustomLinkToken() throws {
    #expect(try errors(body(report(status: "DUPLICATE_TOKEN"))).map(\.errorCode) == [37])
    #expect(
      world.report(body(report(token: services.externalPurchaseId, status: "DUPLICATE_TOKEN"))).status == 200)
  }

  @Test func aRequestIdentifierIsAcceptedOnceAndStatusDoesNotStepBackFromLineItem() throws {
    let first = world.report(body(report(status: "LINE_ITEM", lineItems: #"[{"lineItemId":"a"}]"#)))
    #expect(first.status == 200)
    #expect(
      try errors(body(report(status: "LINE_ITEM", lineItems: #"[{"lineItemId":"b"}]"#))).map(\.fieldName)
        == ["requestIdentifier"])
    let again = report(id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "NO_LINE_ITEM")
    #expect(try errors(body(again)).map(\.errorCode) == [8])
    let unrecognized = report(id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "UNRECOGNIZED_TOKEN")
    #expect(try errors(body(unrecognized)).map(\.errorCode) == [8])
    let correction = report(
      id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", status: "LINE_ITEM", lineItems: #"[{"lineItemId":"c"}]"#)
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
