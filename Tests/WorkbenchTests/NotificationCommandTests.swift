import Foundation
import Simulation
import Testing

@testable import Workbench

/// `notify-url`, `notifications`, `notify`, `refund-request`, `refund decide|reverse` and the
/// `expect notification(s)` assertions, run as a script would.
@Suite struct NotificationCommandTests {
  let transcript = Transcript()
  let session: Session

  init() throws {
    session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
  }

  @discardableResult
  private func run(_ line: String) -> Interpreter.Outcome {
    Interpreter.run(line: line, in: session)
  }

  private func fails(_ line: String, with text: String) {
    guard case .failed(let message, _) = run(line) else {
      Issue.record("\(line) did not fail")
      return
    }
    #expect(message.contains(text), "\(message)")
  }

  @Test func urlsAreAddedListedAndRemoved() {
    #expect(run("notify-url list") == .succeeded)
    #expect(transcript.lines.last == "no notification URL: nothing is sent")
    #expect(run("notify-url add http://127.0.0.1:9/") == .succeeded)
    #expect(run("notify-url add https://example.test/hook --environment production") == .succeeded)
    fails("notify-url add ftp://example.test/", with: "not an http or https URL")
    fails("notify-url add http://127.0.0.1:9/", with: "registered for Sandbox already")
    #expect(run("notify-url") == .succeeded)
    #expect(
      transcript.lines.suffix(2) == [
        "http://127.0.0.1:9/ (Sandbox)", "https://example.test/hook (Production)",
      ])
    #expect(run("notify-url remove https://example.test/hook") == .succeeded)
    fails("notify-url remove https://example.test/hook", with: "is not a notification URL")
    #expect(session.world.notifications.urls.count == 1)
  }

  @Test func purchasesAreNotifiedOnlyOnceAURLIsRegisteredAndAttemptsArePrinted() {
    #expect(run("buy coins.100") == .succeeded)
    #expect(run("expect notifications 0") == .succeeded)
    #expect(run("notify-url add http://127.0.0.1:9/") == .succeeded)
    #expect(run("buy coins.100") == .succeeded)
    #expect(
      transcript.lines.last
        == "2026-01-01 00:00:00 notifications notification: ONE_TIME_CHARGE 2000000000000002 → http://127.0.0.1:9/ OTHER (attempt 1, the sandbox does not retry)"
    )
    #expect(run("expect notifications 1") == .succeeded)
    #expect(run("expect notification ONE_TIME_CHARGE") == .succeeded)
    #expect(run("expect notification ONE_TIME_CHARGE last") == .succeeded)
    #expect(
      run("expect notification ONE_TIME_CHARGE #1")
        == .expectationFailed(
          "no ONE_TIME_CHARGE notification for 2000000000000001 was sent (sent: ONE_TIME_CHARGE 2000000000000002)"
        ))
    #expect(run("expect notifications 2") == .expectationFailed("1 notification sent, expected 2"))
    #expect(run("notifications") == .succeeded)
    #expect(
      transcript.lines.suffix(2) == [
        "2026-01-01T00:00:00Z ONE_TIME_CHARGE 2000000000000002 [Sandbox]",
        "  http://127.0.0.1:9/: 2026-01-01T00:00:00Z OTHER",
      ])
    #expect(run("notifications --decode") == .succeeded)
    #expect(transcript.lines.last?.hasPrefix("  signedTransactionInfo {\"appTransactionId\":") == true)
    #expect(
      transcript.lines.dropLast().last?.hasPrefix("  payload {\"notificationType\":\"ONE_TIME_CHARGE\"")
        == true)
  }

  @Test func notifySendsAnyPairOfTheTable() {
    #expect(run("notify-url add http://127.0.0.1:9/") == .succeeded)
    #expect(run("buy pro.monthly") == .succeeded)
    #expect(run("notify DID_RENEW BILLING_RECOVERY") == .succeeded)
    #expect(run("notify EXPIRED PRODUCT_NOT_FOR_SALE #1") == .succeeded)
    #expect(run("notify TEST") == .succeeded)
    #expect(run("expect notification DID_RENEW BILLING_RECOVERY last") == .succeeded)
    #expect(run("expect notification EXPIRED") == .succeeded)
    #expect(run("expect notification TEST") == .succeeded)
    #expect(
      run("expect notification DID_RENEW")
        == .expectationFailed(
          "no DID_RENEW notification was sent (sent: SUBSCRIBED/INITIAL_BUY 2000000000000001, DID_RENEW/BILLING_RECOVERY 2000000000000001, EXPIRED/PRODUCT_NOT_FOR_SALE 2000000000000001, TEST)"
        ))
    fails("notify EXPIRED", with: "is not in Apple's table")
    fails("notify DID_RENEW VOLUNTARY", with: "is not in Apple's table")
    fails("notify BOGUS", with: "is not a notification type")
    fails("notify TEST last", with: "TEST carries no transaction")
    fails("notify RENEWAL_EXTENSION SUMMARY", with: "summary")
    #expect(run("expect notifications 4") == .succeeded)
    if case .failed = run("expect notification EXPIRED UPGRADE") {
    } else {
      Issue.record("a pair outside the table parsed")
    }
  }

  @Test func aRefundRequestIsDecidedAndAGrantedRefundReversed() {
    #expect(run("notify-url add http://127.0.0.1:9/") == .succeeded)
    #expect(run("buy pro.monthly") == .succeeded)
    #expect(run("refund-request last --reason unsatisfied-with-purchase") == .succeeded)
    #expect(
      transcript.lines.contains(
        "refund request for 2000000000000001 pending (UNSATISFIED_WITH_PURCHASE): consumption information requested"
      ))
    #expect(run("expect notification CONSUMPTION_REQUEST last") == .succeeded)
    #expect(run("expect notification DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED") == .succeeded)
    #expect(run("expect subscription pro.monthly auto-renew off") == .succeeded)
    fails("refund-request last", with: "pending already")
    #expect(run("refund decide grant last") == .succeeded)
    #expect(
      transcript.lines.contains(
        "refund request for 2000000000000001 granted, no consumption information received"))
    #expect(run("expect subscription pro.monthly revoked") == .succeeded)
    fails("refund decide decline last", with: "no refund request is pending")
    #expect(run("refund reverse last") == .succeeded)
    #expect(run("expect notification REFUND_REVERSED last") == .succeeded)
    #expect(run("expect subscription pro.monthly in-trial") == .succeeded)
    fails("refund reverse last", with: "was not refunded")
    #expect(run("expect notifications 5") == .succeeded)
  }

  @Test func aDeclinedRequestShowsTheConsumptionInformationTheServerGave() {
    #expect(run("buy coins.100") == .succeeded)
    #expect(run("refund-request last") == .succeeded)
    let consumption = AppStoreServerAPI.respond(
      to: APIRequest(
        method: "PUT", path: "/inApps/v2/transactions/consumption/2000000000000001",
        body: Array(
          #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","consumptionPercentage":100000}"#
            .utf8)),
      in: session.world)
    #expect(consumption.status == 202)
    #expect(run("refund decide decline last") == .succeeded)
    #expect(
      transcript.lines.contains(
        "refund request for 2000000000000001 declined, consumption information received: DELIVERED, 100%"))
    #expect(run("expect txn last flag refunded") == .expectationFailed("#1 is not refunded"))
  }

  @Test func anAttemptIsAJSONLineWithItsFieldsInTheJSONFormat() throws {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript),
      format: .json)
    #expect(Interpreter.run(line: "environment production", in: session) == .succeeded)
    #expect(Interpreter.run(line: "notify-url add http://127.0.0.1:9/", in: session) == .succeeded)
    #expect(Interpreter.run(line: "buy pro.monthly", in: session) == .succeeded)
    let line = try #require(transcript.lines.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["actor"] == "notifications" && object["action"] == "notification")
    #expect(object["notificationType"] == "SUBSCRIBED" && object["subtype"] == "INITIAL_BUY")
    #expect(object["transactionId"] == "2000000000000001" && object["url"] == "http://127.0.0.1:9/")
    #expect(object["attempt"] == "1" && object["sendAttemptResult"] == "OTHER")
    #expect(object["nextAttempt"] == "2026-01-01T01:00:00Z")
    #expect(object["notificationUUID"].flatMap(UUID.init(uuidString:)) != nil)
  }

  @Test func refundKeepsItsShortForm() {
    #expect(run("buy level.pack") == .succeeded)
    #expect(run("refund last --reason app-issue") == .succeeded)
    #expect(run("expect txn last flag refunded") == .succeeded)
    fails("refund decide maybe last", with: "maybe")
  }
}
