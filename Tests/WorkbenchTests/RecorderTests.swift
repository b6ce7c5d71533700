import Foundation
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

  init(catalogSource: String = "default") throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let (output, errors) = (output, errors)
    session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: catalogSource,
      output: OutputSink(write: { output.append($0) }, writeError: { errors.append($0) }))
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
    #expect(recording.contains("# Catalog: default. Clock started at 2026-01-01T00:00:00Z."))
    #expect(
      recording.contains("# Replay: storebench run FILE. Every line is kept; failed commands as comments."))
    #expect(
      recording.filter { !$0.hasPrefix("#!") && !$0.hasPrefix("# Re") && !$0.hasPrefix("# Ca") } == [
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
    #expect(replay.lines == Array(expected))
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
        "buy coins.100", "buy pro.monthly", "fail-next products", "products", "try advance-clock 1d",
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
        "app sk2", "purchase level.pack", "unverified-next", "latest level.pack", "listener finish off",
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
}
