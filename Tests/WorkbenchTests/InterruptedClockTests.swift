import Foundation
import Simulation
import Testing

@testable import Workbench

/// Asks a long move of the clock to stop the third time it asks (after 3 × 1024 − 1 events).
private final class StopOnThirdQuestion: WorkMonitor {
  private var questions = 0

  var isStopRequested: Bool {
    questions += 1
    return questions >= 3
  }

  func progress(_ fraction: Double, _ description: String, events: Int) {}
  func finished() {}
}

/// Ctrl-C during `advance-clock` or `clock set`: the clock stops between two instants, never
/// inside one, and a recording replays what happened as `clock set` to that instant.
@Suite struct InterruptedClockTests {
  /// Two accounts on two devices subscribed at the same instant, renewing every 2 seconds: every
  /// instant has two renewals.
  static let twoSubscribers = [
    "time-rate every-2s", "buy pro.monthly", "device add iPad", "device use iPad", "account add b",
    "account use b", "buy pro.monthly",
  ]

  private func session() throws -> (Session, Transcript) {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: .collecting(into: transcript))
    return (session, transcript)
  }

  private func run(_ lines: [String], in session: Session) {
    for line in lines { #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)") }
  }

  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID())-\(name)").path
  }

  /// A saved world's lines but those holding signatures, which differ from run to run.
  private func savedLines(of session: Session) throws -> [Substring] {
    let path = temporaryPath("world.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try session.saveWorld(to: path)
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
      !$0.contains("\"signedPayload\"") && !$0.contains("\"payloadJSON\"")
    }
  }

  @Test(arguments: ["advance-clock 1d", "clock set 2026-01-02"])
  func aStoppedMoveFinishesItsInstantAndRecordsAsClockSet(_ move: String) throws {
    let (stopped, _) = try session()
    let recording = temporaryPath("recording.storebench")
    let golden = SuiteRunner.goldenPath(for: recording)
    defer { for file in [recording, golden] { try? FileManager.default.removeItem(atPath: file) } }
    run(Self.twoSubscribers + ["record \(recording) --expected"], in: stopped)
    let monitor = StopOnThirdQuestion()  // the world holds its monitor weakly
    stopped.world.monitor = monitor
    guard case .interrupted(let message) = Interpreter.run(line: move, in: stopped) else {
      Issue.record("\(move) was not stopped")
      return
    }
    stopped.world.monitor = nil
    // The third question comes after 3071 events, halfway through an instant: its second
    // renewal runs before the clock stops.
    #expect(message.contains("after 3072 events (\(move) was asked)"), "\(message)")
    let histories = ["default", "b"].map { stopped.world.store.account(named: $0)?.history.count }
    #expect(histories == [1 + 1536, 1 + 1536])
    run(["record stop"], in: stopped)

    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.suffix(2) == ["# stopped by Ctrl-C: \(move)", "clock set 2026-01-01T00:51:12Z"])
    let (replayed, _) = try session()
    run(lines.filter { !$0.hasPrefix("#") }.map(String.init), in: replayed)
    #expect(try savedLines(of: replayed) == (try savedLines(of: stopped)))
    // What the stopped line printed, then what `clock set` prints, is what the replay prints.
    let verdict = SuiteRunner(
      runner: ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName)
    ).verdict(for: recording)
    #expect(verdict.passed, "\(verdict.reason ?? "")")
    #expect(try String(contentsOfFile: golden, encoding: .utf8).hasSuffix("\n2026-01-01T00:51:12Z\n"))
  }

  @Test func clockSetForwardRunsWhatFallsDueOnTheWay() throws {
    let (session, transcript) = try session()
    run(["buy pro.monthly", "clock set 2026-03-01", "subscriptions"], in: session)
    #expect(
      transcript.lines.contains {
        $0.hasPrefix("2026-01-08 00:00:00 store renewed: 4.99 USD for pro.monthly")
      })
    #expect(
      transcript.lines.contains {
        $0.hasPrefix("2026-02-08 00:00:00 store renewed: 4.99 USD for pro.monthly")
      })
    #expect(
      transcript.lines.last
        == "Pro  pro.monthly  active  expires 2026-03-08T00:00:00Z  auto-renew on  renewals 2")
  }

  /// `--force` runs a move past the renewal budget (here until the monitor stops it); without it
  /// the move is refused before anything runs.
  @Test func forceRunsAMovePastTheBudget() throws {
    let (session, _) = try session()
    run(["time-rate every-2s", "buy pro.monthly"], in: session)
    let before = session.world.store.clock.now
    guard case .failed(let message, _) = Interpreter.run(line: "advance-clock 1y", in: session) else {
      Issue.record("a move past the budget ran")
      return
    }
    #expect(message.contains("would make about 15768000 renewals"))
    #expect(session.world.store.clock.now == before)
    let monitor = StopOnThirdQuestion()
    session.world.monitor = monitor
    guard case .interrupted = Interpreter.run(line: "advance-clock 1y --force", in: session) else {
      Issue.record("advance-clock 1y --force was not stopped by the monitor")
      return
    }
    #expect(session.world.store.clock.now > before)
  }
}
