import Catalog
import Foundation
import Testing

@testable import Workbench

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()

private func runner(keepGoing: Bool = false, echo: Bool = false) throws -> ScriptRunner {
  ScriptRunner(
    catalog: try CatalogLocator.builtIn(), catalogSource: "default",
    options: .init(keepGoing: keepGoing, echoCommands: echo))
}

private func run(
  _ text: String, keepGoing: Bool = false, echo: Bool = false
) throws -> (ScriptRunner.Result, [String]) {
  let transcript = Transcript()
  let script = try Script(
    name: "t.storebench", text: text, directory: repository.appendingPathComponent("scripts").path)
  let result = try runner(keepGoing: keepGoing, echo: echo).run(script, output: .collecting(into: transcript))
  return (result, transcript.lines)
}

@Suite struct ScriptRunnerTests {
  @Test func aFailedExpectationNamesFileAndLine() throws {
    let (result, lines) = try run("buy coins.100\n\n# note\nexpect storage coins.100 2\nbuy coins.100\n")
    #expect(
      result.failures.map(\.description) == [
        "t.storebench:4: expectation failed: storage has coins.100 1, expected 2"
      ])
    #expect(lines.last == "t.storebench:4: expectation failed: storage has coins.100 1, expected 2")
    #expect(!lines.contains { $0.contains("#2") })
  }

  @Test func keepGoingRunsToTheEndAndCollectsEveryFailure() throws {
    let (result, _) = try run(
      "bogus\nbuy coins.100\nexpect queue count 1\nexpect storage coins.100 1\n", keepGoing: true)
    #expect(result.failures.map(\.line) == [1, 3])
    #expect(result.failures[0].message.hasPrefix("error: unknown command 'bogus'"))
  }

  @Test func anUnterminatedQuoteIsALineError() throws {
    let (result, _) = try run("products \"coins.100\n")
    #expect(result.failures.map(\.description) == ["t.storebench:1: error: unterminated \" quote"])
  }

  /// At 10^-12 B/s a download's time left did not fit `Int`, and the purchase trapped writing it
  /// (the input is Fuzz/corpus/ScriptFuzzer/bandwidth-below-one-byte).
  @Test func aBandwidthBelowOneBytePerSecondIsRefused() throws {
    let (result, _) = try run(
      "bandwidth 0.000000000001B/s\nbuy maps.hd\nbandwidth 1B/s\nadvance-clock 1d\n", keepGoing: true)
    #expect(
      result.failures.map(\.description) == [
        "t.storebench:1: error: bandwidth: the rate must be 1B/s to 1000GB/s (got 0.000000000001B/s)"
      ])
  }

  @Test func tryRecordsTheErrorAndCarriesOn() throws {
    let (result, lines) = try run(
      "try buy nothing\nexpect last-error \"no product\"\ntry products\nexpect last-error none\n")
    #expect(result.passed)
    #expect(
      lines.first?.hasPrefix("error (tried): no product \"nothing\" in the catalog (`products` lists them;")
        == true)
  }

  @Test func severalTryWordsActAsOneUpToEight() throws {
    let eight = String(repeating: "try ", count: Interpreter.maximumTryDepth)
    let (result, _) = try run("\(eight)buy nothing\nexpect last-error \"no product\"\n\(eight)\n")
    #expect(result.passed)
    let (nine, _) = try run("try \(eight)buy nothing\n")
    #expect(
      nine.failures.map(\.description) == ["t.storebench:1: error: too many nested try: 9, the limit is 8"])
  }

  @Test func thirteenThousandTryWordsAreRefusedWithoutRecursion() throws {
    let (result, _) = try run(String(repeating: "try ", count: 13_000) + "products\n")
    #expect(
      result.failures.map(\.description) == [
        "t.storebench:1: error: too many words: 13001, the limit is 1000"
      ])
  }

  @Test func aLineStartingWithAHashIsACommentWhateverFollows() throws {
    let (result, lines) = try run(
      "# a note\n#1 bogus\n  #2\nclock\nfinish #1 # a handle, then a note\n", keepGoing: true, echo: true)
    #expect(result.failures.map(\.line) == [5])
    #expect(lines.filter { $0.hasPrefix("> ") } == ["> clock", "> finish #1 # a handle, then a note"])
  }

  @Test func theClockStopsAtTheEndOf9999WithAnError() throws {
    let (result, lines) = try run(
      "advance-clock 5000y\nadvance-clock 5000y\nclock set 9999-12-31T23:59:59Z\nadvance-clock 1s\n"
        + "advance-clock 999999y\nclock set 1969-12-31\n", keepGoing: true)
    #expect(
      result.failures.map(\.description) == [
        "t.storebench:2: error: advance-clock 5000y: the clock cannot pass 9999-12-31T23:59:59Z "
          + "(it is at 7026-01-01T00:00:00Z)",
        "t.storebench:4: error: advance-clock 1s: the clock cannot pass 9999-12-31T23:59:59Z "
          + "(it is at 9999-12-31T23:59:59Z)",
        "t.storebench:5: error: advance-clock: \"999999y\" is not a duration: it is longer than 10000 years, "
          + "the longest "
          + "duration (examples: 45s, 15m, 3h, 2d, 1w, 1mo, 1y, 1d12h)",
        "t.storebench:6: error: clock set 1969-12-31: the clock shows 1970-01-01T00:00:00Z to "
          + "9999-12-31T23:59:59Z, not 1969-12-31T00:00:00Z",
      ])
    #expect(lines.first == "7026-01-01T00:00:00Z")
  }

  @Test func quitStopsTheScript() throws {
    let (result, lines) = try run("quit\nbogus\n")
    #expect(result.passed)
    #expect(lines.isEmpty)
  }

  @Test func catalogsLoadRelativeToTheScript() throws {
    let (result, lines) = try run(
      "catalog load ../catalog/soccer.json\nbuy EnergyBottle\nexpect storage EnergyBottle 1\n")
    #expect(result.passed, "\(lines)")
    #expect(
      lines.first
        == "catalog ../catalog/soccer.json: bundle com.example.kctest, version 1.0, 3 products, storefront USA"
    )
  }

  @Test func theSameScriptGivesTheSameOutput() throws {
    let text = try String(
      contentsOf: repository.appendingPathComponent("scripts/restore-non-consumables-only.storebench"),
      encoding: .utf8)
    let first = try run(text).1
    let second = try run(text).1
    #expect(first == second)
    #expect(first.count > 10)
  }

  @Test func helpPrintsTheCommandsHelp() throws {
    let (result, lines) = try run("help buy\n")
    #expect(result.passed)
    #expect(lines.first == "usage: buy PRODUCT [--quantity N] [--offer ID] [--discount OFFER] [--key-id ID]")
  }

  @Test func eventsCanBeWrittenAsJSONLines() throws {
    let transcript = Transcript()
    let runner = ScriptRunner(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", options: .init(format: .json))
    _ = runner.run(
      try Script(name: "j", text: "buy coins.100\n", directory: "."), output: .collecting(into: transcript))
    #expect(
      transcript.lines.first
        == ##"{"time":"2026-01-01T00:00:00Z","actor":"app","action":"updatedTransactions","detail":"#1 coins.100 purchasing"}"##
    )
    #expect(
      transcript.lines.contains { $0.contains(#""action":"charged""#) && $0.contains(#""amount":"0.99""#) })
  }
}

@Suite struct SuiteRunnerTests {
  @Test func aGoldenMismatchFailsAndSaysWhere() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "clock\n".write(
      to: directory.appendingPathComponent("a.storebench"), atomically: true, encoding: .utf8)
    try "> clock\n2026-01-02T00:00:00Z\n".write(
      to: directory.appendingPathComponent("a.expected"), atomically: true, encoding: .utf8)
    try "expect observers 2\n".write(
      to: directory.appendingPathComponent("b.storebench"), atomically: true, encoding: .utf8)
    let suite = SuiteRunner(runner: try runner())
    let scripts = try SuiteRunner.scripts(in: directory.path)
    #expect(scripts.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.storebench", "b.storebench"])
    let golden = suite.verdict(for: scripts[0])
    #expect(!golden.passed)
    #expect(
      golden.reason?.hasSuffix("line 2: expected \"2026-01-02T00:00:00Z\", got \"2026-01-01T00:00:00Z\"")
        == true)
    let plain = suite.verdict(for: scripts[1])
    #expect(!plain.passed)
    #expect(
      plain.reason?.hasSuffix("b.storebench:1: expectation failed: 1 observer registered, expected 2")
        == true)
  }

  @Test func aFailedExpectFailsTheScriptThoughItsTranscriptMatchesAndIsNotRecorded() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("a.storebench")
    try "buy coins.100\nexpect storage coins.100 2\n".write(to: script, atomically: true, encoding: .utf8)
    let suite = SuiteRunner(runner: try runner())
    let first = suite.verdict(for: script.path)
    #expect(!first.passed)
    let recorded = suite.recordGolden(of: first)
    #expect(!recorded.passed)
    let golden = directory.appendingPathComponent("a.expected")
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    #expect(
      recorded.reason
        == "not recorded in \(golden.path): a.storebench:2: expectation failed: storage has coins.100 1, expected 2"
    )
    // A golden file holding the failure (as `--update` used to write it) does not make it pass.
    try first.transcript.write(to: golden, atomically: true, encoding: .utf8)
    let matching = suite.verdict(for: script.path)
    #expect(matching.diff == nil)
    #expect(!matching.passed)
    #expect(matching.reason == "a.storebench:2: expectation failed: storage has coins.100 1, expected 2")
    #expect(!suite.recordGolden(of: matching).passed)
    #expect(try String(contentsOf: golden, encoding: .utf8) == first.transcript)
  }

  @Test func theRegressionSuitePasses() throws {
    var runner = try runner()
    // The executable sends notifications over HTTP; the suite's notification scripts post to a
    // closed port, which that transport reports as SOCKET_ISSUE.
    runner.options.services = SessionServices(notificationTransport: ConnectingTransport())
    let suite = SuiteRunner(runner: runner)
    let scripts = try SuiteRunner.scripts(in: repository.appendingPathComponent("scripts").path)
    #expect(scripts.count >= 12)
    for script in scripts {
      let verdict = suite.verdict(for: script)
      #expect(verdict.passed, "\(script): \(verdict.reason ?? "")")
    }
  }
}
