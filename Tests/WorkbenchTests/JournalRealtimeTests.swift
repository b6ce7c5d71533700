import Simulation
import Testing

@testable import Workbench

/// A realtime retention call's answer is written to a kept world's journal, read back whole, and
/// given again when the world is rebuilt, so that the app's server is not asked twice.
@Suite struct JournalRealtimeTests {
  static let exchanges: [RealtimeExchange] = [
    .answered(status: 200, body: Array(#"{"message":{"messageIdentifier":"x"}}"#.utf8), milliseconds: 42),
    .answered(status: 500, body: [], milliseconds: 3),
    .failed(.timedOut, milliseconds: 700),
  ]

  @Test func aRealtimeRecordReadsBackAsWritten() throws {
    for exchange in Self.exchanges {
      let bytes = JournalRecord.realtime(exchange).bytes
      #expect(bytes.last == UInt8(ascii: "\n"))
      let parsed = JournalRecord.parse(bytes.dropLast())
      #expect(parsed == .realtime(exchange))
    }
  }

  @Test func aChangedRealtimeRecordIsRefused() throws {
    var bytes = JournalRecord.realtime(Self.exchanges[0]).bytes.dropLast()
    let index = try #require(bytes.firstIndex(of: UInt8(ascii: "4")))
    bytes[index] = UInt8(ascii: "5")
    #expect(JournalRecord.parse(bytes) == nil)
  }

  @Test func aRebuiltWorldGetsTheRecordedAnswersInTurn() {
    let live = ConnectingTransport()
    let replayed = ReplayedTransport(results: [], exchanges: Self.exchanges, live: live)
    for exchange in Self.exchanges {
      #expect(replayed.exchange([], to: "http://127.0.0.1:9/", timeout: .milliseconds(700)) == exchange)
    }
    // One the journal did not hold is made again, live: nothing listens on port 9.
    #expect(
      replayed.exchange([], to: "http://127.0.0.1:9/", timeout: .milliseconds(700))
        == .failed(.socketIssue, milliseconds: 0))
  }
}
