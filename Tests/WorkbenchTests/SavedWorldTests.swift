import Catalog
import Foundation
import JSON
import Store
import Testing

@testable import Simulation
@testable import Workbench

/// `save` and `load`: a world saved mid-scenario and loaded into a fresh session continues exactly
/// as the uninterrupted run does, and damaged or newer files change nothing.
@Suite struct SavedWorldTests {
  /// A scenario's lines and where to cut it.
  struct Scenario: CustomStringConvertible {
    var name: String
    var lines: [String]
    var cut: Int

    var description: String { name }
  }

  static let scenarios: [Scenario] = [
    Scenario(
      name: "renewals",
      lines: [
        "buy pro.monthly", "buy coins.100", "advance-clock 20d", "receipt", "verify", "advance-clock 3mo",
        "subscriptions", "receipt",
      ],
      cut: 3),
    Scenario(
      name: "billing retry and grace",
      lines: [
        "billing-retry on", "grace-period on 16d", "buy pro.monthly", "advance-clock 1w", "advance-clock 10d",
        "status pro.monthly", "advance-clock 60d", "status pro.monthly", "timeline",
      ],
      cut: 4),
    Scenario(
      name: "downgrade pending",
      lines: [
        "buy pro.monthly", "advance-clock 1w", "buy lite.monthly", "subscriptions", "advance-clock 2mo",
        "subscriptions", "history",
      ],
      cut: 3),
    Scenario(
      name: "upgrade and promotional offer",
      lines: [
        "buy lite.monthly", "advance-clock 1mo", "buy pro.monthly --offer pro.winback", "advance-clock 3mo",
        "history",
      ],
      cut: 2),
    Scenario(
      name: "ask to buy pending",
      lines: ["ask-to-buy on", "buy level.pack", "approve #1", "transactions", "storage"], cut: 2),
    Scenario(
      name: "family sharing",
      lines: [
        "account add daughter", "family add daughter", "buy level.pack", "device add kids-ipad",
        "device use kids-ipad", "account use daughter", "restore", "device use iPhone",
        "refund #1 --reason other",
        "device use kids-ipad", "history", "storage",
      ],
      cut: 7),
    Scenario(
      name: "signed out after the account was deleted",
      lines: [
        "buy level.pack", "account delete default", "try buy coins.100", "verify", "devices",
        "account add alice", "account use alice", "buy coins.100", "history", "verify",
      ],
      cut: 2),
    Scenario(
      name: "downloads in progress",
      lines: [
        "bandwidth 1MB/s", "buy maps.hd", "advance-clock 10s", "downloads", "advance-clock 5m", "downloads",
      ],
      cut: 3),
    Scenario(
      name: "unfinished transactions after relaunch",
      lines: [
        "observer remove app", "observer add app never-finish", "buy coins.100", "cancel-next",
        "buy level.pack",
        "relaunch", "observer add app correct", "transactions", "storage",
      ],
      cut: 6),
    Scenario(
      name: "production notifications retried",
      lines: [
        "environment production", "notify-url add http://127.0.0.1:9/ --environment production",
        "buy coins.100",
        "advance-clock 30m", "advance-clock 3d", "notifications",
      ],
      cut: 4),
    Scenario(
      name: "refund requests, price increase and server faults",
      lines: [
        "server fault history rate-limit 2s", "server fault statuses not-found-younger 5m", "buy coins.100",
        "refund-request last --reason fulfillment-issue", "buy pro.monthly",
        "price-increase pro.monthly 5.99",
        "fail-next buy --count 2", "advance-clock 10d", "refund decide grant #1", "server faults",
        "try buy level.pack",
        "advance-clock 1mo", "subscriptions", "history",
      ],
      cut: 8),
  ]

  /// A session over the built-in catalog whose lines go to `transcript`.
  private func session(into transcript: Transcript) throws -> Session {
    Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
  }

  private func run(_ lines: ArraySlice<String>, in session: Session) {
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
  }

  private func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("saved-world-\(UUID())-\(name)").path
  }

  @Test(arguments: scenarios)
  func aWorldSavedMidScenarioContinuesAsTheUninterruptedRun(_ scenario: Scenario) throws {
    let whole = Transcript()
    let uninterrupted = try session(into: whole)
    run(scenario.lines[...], in: uninterrupted)

    let split = Transcript()
    let before = try session(into: split)
    run(scenario.lines.prefix(scenario.cut), in: before)
    let file = temporaryFile("mid.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try before.saveWorld(to: file)
    let after = try session(into: split)
    #expect(try after.loadWorld(from: file) == nil)
    run(scenario.lines.dropFirst(scenario.cut), in: after)
    #expect(split.lines == whole.lines)

    let ends = (temporaryFile("a.json"), temporaryFile("b.json"))
    defer { for path in [ends.0, ends.1] { try? FileManager.default.removeItem(atPath: path) } }
    try uninterrupted.saveWorld(to: ends.0)
    try after.saveWorld(to: ends.1)
    #expect(try unsignedLines(ends.0) == (try unsignedLines(ends.1)))
  }

  /// A saved world's lines but signed payloads and the payloads holding signed data (ECDSA signatures differ from run to run).
  private func unsignedLines(_ path: String) throws -> [Substring] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n").filter {
      !$0.contains("\"signedPayload\"") && !$0.contains("\"payloadJSON\"")
    }
  }

  @Test(arguments: scenarios)
  func savingALoadedWorldGivesTheSameBytes(_ scenario: Scenario) throws {
    let transcript = Transcript()
    let original = try session(into: transcript)
    run(scenario.lines.prefix(scenario.cut), in: original)
    let (first, second) = (temporaryFile("1.json"), temporaryFile("2.json"))
    defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
    try original.saveWorld(to: first)
    let loaded = try session(into: transcript)
    try loaded.loadWorld(from: first)
    try loaded.saveWorld(to: second)
    let bytes = try #require(FileManager.default.contents(atPath: first))
    #expect(FileManager.default.contents(atPath: second) == bytes)
    #expect(bytes.starts(with: Data("{\n  \"format\": \"storebench-world\",\n  \"version\": 1,\n".utf8)))
  }

  /// A saved world's text after a few purchases, and the session that saved it.
  private func savedText() throws -> (text: String, session: Session, transcript: Transcript) {
    let transcript = Transcript()
    let session = try session(into: transcript)
    run(["buy pro.monthly", "buy coins.100", "advance-clock 1mo"], in: session)
    let file = temporaryFile("base.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try session.saveWorld(to: file)
    return (try String(contentsOfFile: file, encoding: .utf8), session, transcript)
  }

  /// Loads `text` into a session that bought `level.pack`, expects the error, and checks that the
  /// session's world is the one it had.
  private func refuses(_ text: String, with message: String) throws {
    let transcript = Transcript()
    let session = try session(into: transcript)
    run(["buy level.pack"], in: session)
    let world = session.world
    let file = temporaryFile("damaged.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    guard case .failed(let error, _) = Interpreter.run(line: "load \(file)", in: session) else {
      Issue.record("load did not fail: \(message)")
      return
    }
    #expect(
      error.hasPrefix("\(session.shown(file)): \(message)")
        || error.hasPrefix("\(session.shown(file)):") && error.contains(message), "\(error)")
    #expect(session.world === world)
    #expect(session.world.registry.all.count == 1)
  }

  @Test func damagedAndNewerFilesAreRefusedAndChangeNothing() throws {
    let text = try savedText().text
    try refuses(
      text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"),
      with: "version: version 2 was written by a newer storebench (this one reads up to 1)")
    try refuses(String(text.dropLast(40)), with: ": not JSON: ")
    try refuses(
      text.replacingOccurrences(of: "\"storebench-world\"", with: "\"notes\""),
      with: "format: not a saved world (format must be \"storebench-world\")")
    try refuses(
      text.replacingOccurrences(of: "  \"currentDevice\": \"iPhone\",\n", with: ""),
      with: "currentDevice: missing")
    try refuses(
      text.replacingOccurrences(of: "\"appAppleId\": 1234567890", with: "\"appAppleId\": \"x\""),
      with: "appAppleId: expected a whole number")
    try refuses(
      text.replacingOccurrences(of: "\"productId\": \"coins.100\"", with: "\"productId\": \"coins.999\""),
      with: "accounts[0].history[1].productId: unknown product \"coins.999\"")
    try refuses(
      text.replacingOccurrences(
        of: "\"transactionId\": \"2000000000000002\"", with: "\"transactionId\": \"2000000000000001\""),
      with: "accounts[0]: transaction 2000000000000001 appears twice in the history")
    try refuses(
      text.replacingOccurrences(of: "\"price\": \"0.99\"", with: "\"price\": 0.99"),
      with: "catalog.products[0].price: expected a decimal string")
    try refuses(
      text.replacingOccurrences(of: "\"currentDevice\": \"iPhone\"", with: "\"currentDevice\": \"iPad\""),
      with: "currentDevice: no device named iPad")
    try refuses(
      text.replacingOccurrences(
        of: "\"callback\": \"removedTransactions\"", with: "\"callback\": \"updatedTransactions\""),
      with: "devices[0].observers[0].heard[1].callback: updatedTransactions is listed twice")
    try refuses(
      text.replacingOccurrences(of: "\"callback\": \"removedTransactions\"", with: "\"callback\": \"\""),
      with: "devices[0].observers[0].heard[0].callback: is empty")
  }

  @Test func theCallbacksAnObserverHeardCountOnAfterALoad() throws {
    let (text, _, _) = try savedText()
    let file = temporaryFile("heard.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let transcript = Transcript()
    let loaded = try session(into: transcript)
    try loaded.loadWorld(from: file)
    run(
      [
        "expect callback app removedTransactions 3", "buy coins.100",
        "expect callback app removedTransactions 4",
      ], in: loaded)
    try refuses(
      text.replacingOccurrences(
        of: #"("callback": "removedTransactions",\s*"count": )\d+"#, with: "$1-1", options: .regularExpression
      ),
      with: "devices[0].observers[0].heard[0].count: must be at least 1, not -1")
  }

  @Test func anOlderVersionMigratesThroughTheStepsAndAMissingStepIsNamed() throws {
    let text = try savedText().text
    let old = text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 0")
      .replacingOccurrences(of: "\"currentDevice\"", with: "\"selectedDevice\"")
    #expect(
      throws: WorldFileError(
        path: "version", reason: "version 0 files cannot be read by this storebench (no migration to 1)")
    ) {
      try WorldFile.decode(Array(old.utf8))
    }
    let renaming = WorldFileMigration(steps: [
      0: { document in
        guard case .object(let members) = document else { return document }
        return .object(
          members.map { $0.key == "selectedDevice" ? JSONMember("currentDevice", $0.value) : $0 })
      }
    ])
    let saved = try WorldFile.decode(Array(old.utf8), migration: renaming)
    let world = try World(
      restoring: saved, log: EventLog(), authorityDirectory: AuthorityLocator.directory(option: nil))
    #expect(world.device.name == "iPhone")
    #expect(world.store.account(named: "default")?.history.count == 3)
  }

  @Test func apiKeysAreSavedAndTheirTokensStillCheckAfterALoad() throws {
    let keyFile = temporaryFile("AuthKey.p8")
    let file = temporaryFile("keys.json")
    defer { for path in [keyFile, file] { try? FileManager.default.removeItem(atPath: path) } }
    let before = try session(into: Transcript())
    run(
      [
        "api-key create --key-id TESTKEY001 --issuer-id 11111111-2222-3333-4444-555555555555 --out \(keyFile)"
      ], in: before)
    try before.saveWorld(to: file)
    let after = try session(into: Transcript())
    _ = try after.loadWorld(from: file)
    let saved = try #require(before.world.apiKeys.key(id: "TESTKEY001"))
    let loaded = try #require(after.world.apiKeys.key(id: "TESTKEY001"))
    #expect(loaded.issuerId == "11111111-2222-3333-4444-555555555555")
    #expect(loaded.publicKey.rawRepresentation == saved.publicKey.rawRepresentation)
    #expect(after.world.apiKeys.nextKeyId == before.world.apiKeys.nextKeyId)
  }

  @Test func loadingWithAnotherCertificateAuthoritySaysSo() throws {
    let (text, _, _) = try savedText()
    let file = temporaryFile("other-ca.json")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-world-ca-\(UUID())")
    defer { for path in [file, directory.path] { try? FileManager.default.removeItem(atPath: path) } }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript),
      caDirectory: directory.appendingPathComponent("ca"))
    let note = try #require(try session.loadWorld(from: file))
    #expect(note.hasPrefix("note: the world was saved with the certificate authority at "))
    #expect(note.contains("it now signs with the one at \(directory.appendingPathComponent("ca").path)"))
    #expect(session.world.store.account(named: "default")?.history.count == 3)
  }

  @Test func aDeviceWhoseAccountWasDeletedIsSavedSignedOutWithItsReceipt() throws {
    let session = try session(into: Transcript())
    run(["buy coins.100", "account delete default"], in: session)
    let file = temporaryFile("deleted.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(Interpreter.run(line: "save \(file)", in: session) == .succeeded)

    let loaded = try self.session(into: Transcript())
    _ = try loaded.loadWorld(from: file)
    #expect(loaded.device.queue.account == nil)
    #expect(loaded.world.store.account(named: "default") == nil)
    let receipt = try #require(loaded.device.receipt)
    #expect(receipt.account.name == "default")
    #expect(receipt.account.history.map(\.productId) == ["coins.100"])
    #expect(
      Interpreter.run(line: "buy coins.100", in: loaded)
        == .failed(
          "no account is signed in on device iPhone: `account add NAME` or `account use NAME`",
          code: .notAllowed))
  }

}
