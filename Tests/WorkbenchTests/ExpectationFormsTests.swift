import Foundation
import Queue
import Testing

@testable import Workbench

/// The `expect` forms for receipts, verify answers, downloads, callbacks and refunds: each reads as
/// documented, and a malformed one is an error naming what is wrong.
@Suite struct ExpectationFormsTests {
  private func parse(_ line: String) throws -> Workbench.Expectation {
    try Workbench.Expectation.parse(line.split(separator: " ").map(String.init))
  }

  private func error(_ line: String) -> String {
    do {
      _ = try parse(line)
      return "(no error)"
    } catch {
      return "\(error)".components(separatedBy: "\n")[0]
    }
  }

  @Test func receiptForms() throws {
    guard case .receiptEntries("pro.monthly", nil) = try parse("receipt contains pro.monthly") else {
      Issue.record("contains")
      return
    }
    guard case .receiptEntries("pro.monthly", 2?) = try parse("receipt contains pro.monthly count 2") else {
      Issue.record("contains count")
      return
    }
    guard case .receiptEntries("coins.100", 0?) = try parse("receipt lacks coins.100") else {
      Issue.record("lacks")
      return
    }
    #expect(error("receipt contains") == "expect: receipt takes contains PRODUCT [count N] or lacks PRODUCT")
    #expect(error("receipt contains x count -1") == "expect: a count must be 0 or more (got -1)")
  }

  @Test func verifyForms() throws {
    guard case .verifyStatus(21004) = try parse("verify 21004"),
      case .verifyStatus(0) = try parse("verify status 0"),
      case .verifyInApp(3) = try parse("verify in-app 3"),
      case .verifyLatestExpiry("pro.monthly", let date) = try parse(
        "verify latest pro.monthly expires 2026-02-08")
    else {
      Issue.record("a verify form did not read")
      return
    }
    #expect(date == Date(timeIntervalSince1970: 1_770_508_800))
    #expect(
      error("verify latest pro.monthly 2026-02-08")
        == "expect: verify takes [status] N, in-app N or latest PRODUCT expires DATE")
    #expect(error("verify ok") == "expect: verify takes a status such as 0 or 21004")
  }

  @Test func downloadCallbackAndRefundForms() throws {
    guard case .downloadState("maps.hd", .paused) = try parse("download maps.hd state paused"),
      case .callback("app", "removedTransactions", 2) = try parse("callback app removedTransactions 2"),
      case .refunded("#3") = try parse("refunded #3")
    else {
      Issue.record("a form did not read")
      return
    }
    #expect(error("download maps.hd state done") == "expect: \"done\" is not a download state")
    #expect(error("download maps.hd paused") == "expect: download takes PRODUCT state STATE")
    #expect(error("callback app finished 1") == "expect: \"finished\" is not a callback")
    #expect(error("refunded") == "expect: refunded takes a transaction")
  }

  @Test func everyCallbackNameIsOneTheQueueLogs() throws {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Queue/PaymentQueue+Observers.swift"),
      encoding: .utf8)
    for callback in Workbench.Expectation.callbacks {
      #expect(source.contains("\"\(callback)\""), "the queue never logs \(callback)")
    }
  }
}
