import Foundation
import Simulation
import Testing

@testable import Workbench

/// Lines typed at a prompt, for driving a ``PromptLoop`` without a terminal.
struct ScriptedReader: LineReader {
  var inputs: [LineInput]
  var prompts: [String] = []

  mutating func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    return inputs.isEmpty ? .end : inputs.removeFirst()
  }
}

/// A prompt session in a fresh directory: its output and its errors kept apart.
private struct PromptFixture {
  let directory: URL
  let output = Transcript()
  let errors = Transcript()
  let session: Session

  init(
    catalogSource: String = "default", identity: WorldIdentity = .scripted, format: OutputFormat = .text,
    in directory: URL? = nil
  ) throws {
    self.directory =
      directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID())")
    let directory = self.directory
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let (output, errors) = (output, errors)
    session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: catalogSource,
      output: OutputSink(write: { output.append($0) }, writeError: { errors.append($0) }), format: format,
      identity: identity)
    // The prompt runs in its working directory, from which paths are read and shown.
    session.baseDirectory = directory.path
    session.shownFrom = directory.path
  }

  func type(_ lines: [String]) {
    var reader = ScriptedReader(inputs: lines.map { .line($0) })
    PromptLoop(session: session).run(reading: &reader)
  }

  func file(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }
}

@Suite struct RecorderTests {
  @Test func aRecordingOfEverythingReplaysWithTheSameOutput() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    var reader = ScriptedReader(inputs: [
      .line("buy coins.100"), .line("record bug.storebench --all"), .line("buy nothing"), .interrupted,
      .line("advance-clock 1mo"), .line("expect storage coins.100 2"), .line("try finish #7"),
      .line("observer add late never-finish"), .line("buy level.pack"), .line("record"), .line("   "),
      .line("# the restore"), .line("restore"), .line("help buy"), .line("record stop"), .line("storage"),
    ])
    PromptLoop(session: prompt.session).run(reading: &reader)
    #expect(reader.prompts.first == "2026-01-01 00:00:00> ")
    #expect(reader.prompts.last == "2026-02-01 00:00:00> ")

    let recording = try prompt.file("bug.storebench").split(separator: "\n").map(String.init)
    #expect(recording.first == "#!/usr/bin/env -S storebench run")
    #expect(recording.contains("# Recorded by storebench \(StorebenchVersion.current)."))
    #expect(recording.contains("# Catalog: default. Clock started at 2026-01-01T00:00:00Z. World seed 0."))
    #expect(
      recording.contains("# Replay: storebench run FILE. Every line is kept; failed commands as comments."))
    #expect(
      recording.filter { !$0.hasPrefix("#!") && !$0.hasPrefix("# Re") && !$0.hasPrefix("# Ca") } == [
        "identity --seed 0",
        "buy coins.100",
        "# failed: buy nothing",
        "#   error: no product \"nothing\" in the catalog (`products` lists them; `buy --unchecked nothing` sends the payment anyway, as an app that skipped the products request would)",
        "advance-clock 1mo",
        "# failed: expect storage coins.100 2",
        "#   expectation failed: storage has coins.100 1, expected 2",
        "try finish #7",
        "observer add late never-finish",
        "buy level.pack",
        "# the restore",
        "restore",
        "help buy",
      ])

    let typed = prompt.output.lines
    let untilStop = typed.prefix { !$0.hasPrefix("recording stopped") }
    #expect(untilStop.count < typed.count)
    let expected = untilStop.filter { !$0.hasPrefix("recording to") }
    let replay = Transcript()
    let runner = ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default")
    let result = runner.run(
      try Script(path: prompt.directory.appendingPathComponent("bug.storebench").path),
      output: .collecting(into: replay))
    #expect(result.passed, "\(result.failures)")
    // The replay first gives its world the session's seed, which says so.
    #expect(replay.lines == ["world seed 0: transaction ids start at 2000000000000001"] + Array(expected))
    #expect(replay.lines.contains { $0.contains("app deliver: level.pack unlocked") })
  }

  @Test func aRecordingKeepsOnlyCommandsThatChangeTheWorld() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type([
      "buy coins.100", "products", "record r.storebench", "transactions", "history", "storage",
      "buy pro.monthly", "status pro.monthly", "subscriptions", "receipt show", "verify", "echo marker",
      "expect storage coins.100 1", "# a comment", "buy nothing", "try buy nothing", "clock",
      "fail-next products", "products", "products coins.100", "try advance-clock 1d", "observers",
      "storefront", "storefront FRA", "time-rate", "downloads", "jws last", "order-id #1",
      "observer add late passive", "record", "relaunch", "record stop", "buy level.pack",
    ])
    let lines = try prompt.file("r.storebench").split(separator: "\n").map(String.init)
    #expect(lines.contains("# Replay: storebench run FILE. Only commands that change the world are kept."))
    #expect(
      lines.filter { !$0.hasPrefix("#") } == [
        "identity --seed 0", "buy coins.100", "buy pro.monthly", "fail-next products", "products",
        "try advance-clock 1d",
        "storefront FRA", "observer add late passive", "relaunch",
      ])
    #expect(prompt.output.lines.contains { $0.hasPrefix("recording stopped: 8 lines in ") })
  }

  @Test func aRecordingKeepsStoreKit2PurchasesAndLeavesItsQueriesOut() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type([
      "record r.storebench", "app", "app sk2", "purchase level.pack", "entitlements", "updates", "unfinished",
      "latest level.pack", "all-transactions", "subscription-status level.pack", "app-transaction",
      "listener",
      "unverified-next", "latest level.pack", "listener finish off", "record stop",
    ])
    let lines = try prompt.file("r.storebench").split(separator: "\n").map(String.init)
    #expect(
      lines.filter { !$0.hasPrefix("#") } == [
        "identity --seed 0", "app sk2", "purchase level.pack", "unverified-next", "latest level.pack",
        "listener finish off",
      ])
  }

  @Test func theStatusNamesTheFile() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type(["record", "record r.storebench", "buy coins.100", "record"])
    #expect(
      prompt.output.lines.filter { $0.hasPrefix("recording") || $0.hasPrefix("not") } == [
        "not recording", "recording to r.storebench", "recording to r.storebench (1 line so far)",
      ])
  }

  @Test func eachLineIsOnDiskOnceRun() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type(["record r.storebench --all", "buy coins.100"])
    #expect(try prompt.file("r.storebench").hasSuffix("\nbuy coins.100\n"))
    prompt.type(["bogus"])
    let text = try prompt.file("r.storebench")
    #expect(
      text.hasSuffix(
        "\nbuy coins.100\n# failed: bogus\n#   error: unknown command 'bogus' (`help` lists the commands)\n"))
  }

  @Test func mistakesAreErrorsThatLeaveTheSessionRunning() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    try "keep\n".write(
      to: prompt.directory.appendingPathComponent("old.storebench"), atomically: true, encoding: .utf8)
    prompt.type([
      "record stop", "record old.storebench", "record new.storebench", "record other.storebench",
      "record stop", "record old.storebench --force", "advance-clock 1h", "clock",
    ])
    #expect(
      prompt.errors.lines == [
        "error: not recording (`record FILE` starts)",
        "error: old.storebench exists: choose another name, or give --force to replace it",
        "error: already recording to new.storebench (`record stop` ends it)",
      ])
    #expect(prompt.output.lines.last == "2026-01-01T01:00:00Z")
    #expect(try prompt.file("old.storebench").hasSuffix("\nadvance-clock 1h\n"))
  }

  @Test func aCatalogFileIsLoadedFirst() throws {
    let prompt = try PromptFixture(catalogSource: "catalog/soccer.json")
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type(["record r.storebench"])
    let path = URL(fileURLWithPath: "catalog/soccer.json").standardizedFileURL.path
    #expect(try prompt.file("r.storebench").hasSuffix("\ncatalog load \(path)\n"))
  }

  /// The suite's verdict on a recording: it replays as `storebench test` runs it.
  private func verdict(of script: URL) throws -> SuiteRunner.Verdict {
    SuiteRunner(runner: ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default"))
      .verdict(for: script.path)
  }

  @Test func aRecordingCarriesTheSeedSoAnIdTypedFromTheScreenReplays() throws {
    let prompt = try PromptFixture(identity: WorldIdentity(seed: 8412))
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    /// What typing `lines` printed.
    func type(_ lines: [String]) -> [String] {
      let before = prompt.output.lines.count
      prompt.type(lines)
      return Array(prompt.output.lines.dropFirst(before))
    }
    let bought = type(["buy level.pack"])
    _ = type(["record bug.storebench --expected"])
    let coins = type(["buy coins.100"])
    #expect(type(["products"]).count > 5, "a read, which the recording leaves out")
    // The id as the user reads it on the screen, and types it back.
    let line = try #require(bought.first { $0.contains("app updatedTransactions: #1 level.pack purchased") })
    let id = try #require(line.split(separator: " ").last.map(String.init))
    #expect(id == String(WorldIdentity(seed: 8412).firstTransactionNumber))
    let refund = type(["refund \(id)"])
    #expect(refund.contains { $0.contains(id) })
    #expect(
      type(["record stop"]) == [
        "recording stopped: 3 lines in bug.storebench, its golden transcript in bug.expected"
      ])
    #expect(prompt.errors.lines.isEmpty, "\(prompt.errors.lines)")

    let recording = try prompt.file("bug.storebench").split(separator: "\n").map(String.init)
    #expect(recording.contains("# Catalog: default. Clock started at 2026-01-01T00:00:00Z. World seed 8412."))
    #expect(
      recording.contains(
        "# Golden transcript: bug.expected (storebench test DIR compares the replay with it)."))
    #expect(
      recording.filter { !$0.hasPrefix("#") } == [
        "identity --seed 8412", "buy level.pack", "buy coins.100", "refund \(id)",
      ])

    // Replayed as a suite runs it (its world starting with seed 0), the output is the session's.
    let verdict = try verdict(of: prompt.directory.appendingPathComponent("bug.storebench"))
    #expect(verdict.passed, "\(verdict.reason ?? "")\n\((verdict.diff ?? []).joined(separator: "\n"))")
    #expect(
      verdict.transcript.split(separator: "\n").map(String.init)
        == ["> identity --seed 8412", "world seed 8412: transaction ids start at \(id)", "> buy level.pack"]
        + bought + ["> buy coins.100"] + coins + ["> refund \(id)"] + refund)
  }

  @Test func aRecordingOfAWorldLoadedFromAFileStartsFromACopyOfIt() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try PromptFixture(identity: WorldIdentity(seed: 99), in: directory)
    first.type(["buy pro.monthly", "advance-clock 1mo", "save state.json"])
    // Another session on the saved world, kept in the file, as `storebench --state state.json` opens it.
    let prompt = try PromptFixture(in: directory)
    let kept = try KeptWorld.open("state.json", in: prompt.session)
    prompt.type([
      "buy coins.100", "record bug.storebench --expected", "refund last", "advance-clock 1mo", "record stop",
    ])
    try kept.close(in: prompt.session)
    #expect(prompt.errors.lines.isEmpty, "\(prompt.errors.lines)")
    #expect(
      prompt.output.lines.contains(
        "recording to bug.storebench, its golden transcript to bug.expected, the world saved as bug.world.json"
      ))
    let recording = try prompt.file("bug.storebench").split(separator: "\n").map(String.init)
    #expect(
      recording.filter { !$0.hasPrefix("#") } == ["load bug.world.json", "refund last", "advance-clock 1mo"])
    #expect(
      recording.contains {
        $0.hasPrefix("# World: the one in state.json as recording began, saved as bug.world.json")
      })
    let verdict = try verdict(of: directory.appendingPathComponent("bug.storebench"))
    #expect(verdict.passed, "\(verdict.reason ?? "")\n\((verdict.diff ?? []).joined(separator: "\n"))")
    #expect(
      verdict.transcript.contains("renewed"), "the subscription bought before the copy renews in the replay")
  }

  @Test func aGoldenTranscriptNeedsTextAndAScriptName() throws {
    let json = try PromptFixture(format: .json)
    defer { try? FileManager.default.removeItem(at: json.directory) }
    json.type(["record r.storebench --expected", "record r.txt --expected"])
    #expect(json.output.lines.count == 2)
    #expect(
      json.output.lines[0].contains("a golden transcript is text: record --expected needs --format text"))
    #expect(json.output.lines[1].contains("--expected needs a FILE ending in .storebench"))
    #expect(
      !FileManager.default.fileExists(atPath: json.directory.appendingPathComponent("r.storebench").path))
  }

  @Test func aGoldenTranscriptWritesBracesAsTheyArePrinted() throws {
    let prompt = try PromptFixture()
    defer { try? FileManager.default.removeItem(at: prompt.directory) }
    prompt.type(["record r.storebench --expected --all", "echo {{jws}} stays {{", "record stop"])
    #expect(
      try prompt.file("r.expected").hasSuffix(
        "> echo {{open}}jws}} stays {{open}}\n{{open}}jws}} stays {{open}}\n"))
    #expect(try verdict(of: prompt.directory.appendingPathComponent("r.storebench")).passed)
  }
}
