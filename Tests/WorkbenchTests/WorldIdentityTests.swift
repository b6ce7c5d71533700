import Foundation
import Simulation
import Testing

@testable import Workbench

/// Worlds a backend can tell apart: each fresh world its own transaction ids, line item ids and
/// `notificationUUID`s, the same again for the same seed, kept by a saved world, shown by `identity`.
@Suite struct WorldIdentityTests {
  /// What a backend sees of a world after a subscription purchase.
  struct Seen: Equatable {
    var transactionId: UInt64
    var webOrderLineItemId: UInt64?
    var notificationUUID: String
  }

  /// A session whose world has `identity`, its lines going to `transcript`.
  private func session(
    _ identity: WorldIdentity = .scripted, into transcript: Transcript = Transcript()
  ) throws -> Session {
    Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript),
      identity: identity)
  }

  private func run(_ lines: [String], in session: Session) {
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
  }

  /// Buys a subscription with a notification URL registered, and says what the backend saw first.
  private func firstPurchase(in session: Session) throws -> Seen {
    run(["notify-url add http://127.0.0.1:9/", "buy pro.monthly"], in: session)
    let record = try #require(session.world.store.account(named: "default")?.history.first)
    let notification = try #require(session.world.notifications.records.first)
    return Seen(
      transactionId: record.transactionNumber, webOrderLineItemId: record.webOrderLineItemNumber,
      notificationUUID: notification.notificationUUID)
  }

  @Test func twoFreshWorldsDifferInFirstTransactionIdLineItemAndNotificationUUID() throws {
    var generator = SystemRandomNumberGenerator()
    let first = try firstPurchase(in: try session(.fresh(using: &generator)))
    let second = try firstPurchase(in: try session(.fresh(using: &generator)))
    #expect(first.transactionId != second.transactionId)
    #expect(first.webOrderLineItemId != second.webOrderLineItemId)
    #expect(first.notificationUUID != second.notificationUUID)
  }

  @Test func identityDashSeedGivesANewWorldTheIdsOfThatSeed() throws {
    let seeded = Transcript()
    let reseeded = Transcript()
    let started = try firstPurchase(in: try session(WorldIdentity(seed: 8412), into: seeded))
    let scripted = try session(into: reseeded)
    // Switches set before stay; only what derives from the seed changes.
    run(["ask-to-buy on", "ask-to-buy off", "identity --seed 8412"], in: scripted)
    #expect(scripted.world.identity == WorldIdentity(seed: 8412))
    #expect(
      scripted.world.store.account(named: "default")?.appTransactionNumber
        == WorldIdentity(seed: 8412).firstAppTransactionNumber)
    #expect(reseeded.lines.last == "world seed 8412: transaction ids start at \(started.transactionId)")
    #expect(try firstPurchase(in: scripted) == started)
    #expect(Array(reseeded.lines.suffix(seeded.lines.count)) == seeded.lines)
  }

  @Test func theSeedChangesOnlyBeforeAnIdIsGivenOut() throws {
    for (lines, given) in [
      (["buy coins.100"], "transaction ids"),
      (["account add other"], "the app download transactions of accounts added, deleted or imported"),
      (["notify-url add http://127.0.0.1:9/", "notify TEST"], "notificationUUIDs"),
      (["offer-code create pro.monthly \"Spring Promo\""], "one-time offer codes"),
    ] {
      let session = try session()
      for line in lines { _ = Interpreter.run(line: line, in: session) }
      let outcome = Interpreter.run(line: "identity --seed 7", in: session)
      #expect(
        outcome.failure
          == "error: the seed can change only before the world gives out an id, and it has given out "
          + "\(given): give the seed first (or start with --seed 7)", "\(lines)")
      #expect(session.world.identity == .scripted)
    }
    let session = try session()
    run(["identity --seed 7", "identity --seed 0", "identity"], in: session)
    #expect(session.world.identity == .scripted)
  }

  @Test func theSameSeedGivesTheSameIdsAndTheSameTranscript() throws {
    let one = Transcript()
    let other = Transcript()
    let first = try firstPurchase(in: try session(WorldIdentity(seed: 8412), into: one))
    let again = try firstPurchase(in: try session(WorldIdentity(seed: 8412), into: other))
    #expect(first == again)
    #expect(one.lines == other.lines)
    #expect(first.transactionId == WorldIdentity(seed: 8412).firstTransactionNumber)
    #expect(first.transactionId != 2_000_000_000_000_001)
  }

  @Test func aSessionMadeWithoutAnIdentityGivesTheIdsScriptsHaveAlwaysHad() throws {
    let seen = try firstPurchase(in: try session())
    #expect(
      seen
        == Seen(
          transactionId: 2_000_000_000_000_001, webOrderLineItemId: 2_000_000_500_000_001,
          notificationUUID: WorldIdentity.scripted.notificationUUID(1)))
  }

  @Test func aSavedWorldKeepsItsIdentityAndContinuesItsCountersAfterALoad() throws {
    let identity = WorldIdentity(seed: 4242)
    let lines = ["notify-url add http://127.0.0.1:9/", "buy pro.monthly", "advance-clock 1mo", "notify TEST"]
    let more = ["buy coins.100", "advance-clock 1mo", "notify TEST", "history", "notifications"]
    let straight = Transcript()
    let uninterrupted = try session(identity, into: straight)
    run(lines + more, in: uninterrupted)

    let file = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let before = try session(identity)
    run(lines, in: before)
    try before.saveWorld(to: file)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"identity\": {\n    \"seed\": \"4242\"\n  },"))
    let resumed = Transcript()
    let after = try session(into: resumed)
    try after.loadWorld(from: file)
    #expect(after.world.identity == identity)
    #expect(after.world.store.nextTransactionNumber == before.world.store.nextTransactionNumber)
    #expect(after.world.nextNotificationUUID == before.world.nextNotificationUUID)
    run(more, in: after)
    #expect(resumed.lines == Array(straight.lines.suffix(resumed.lines.count)))
    let ids = after.world.store.account(named: "default")?.history.map(\.transactionNumber) ?? []
    #expect(ids == uninterrupted.world.store.account(named: "default")?.history.map(\.transactionNumber))
    #expect(Set(ids).count == ids.count)
    #expect(
      after.world.notifications.records.map(\.notificationUUID)
        == uninterrupted.world.notifications.records.map(\.notificationUUID))
  }

  @Test func aScriptedWorldIsSavedWithoutAnIdentityKeyAndLoadsAsScripted() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let before = try session()
    run(["buy coins.100"], in: before)
    try before.saveWorld(to: file)
    #expect(try !String(contentsOfFile: file, encoding: .utf8).contains("\"identity\""))
    let after = try session(WorldIdentity(seed: 9))
    try after.loadWorld(from: file)
    #expect(after.world.identity == .scripted)
    #expect(after.world.store.nextTransactionNumber == 2_000_000_000_000_002)
  }

  @Test func aDamagedIdentityIsRefusedWithItsJSONPath() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let saved = try session(WorldIdentity(seed: 31))
    run(["buy coins.100"], in: saved)
    try saved.saveWorld(to: file)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let damages = [
      ("\"seed\": \"31\"", "\"seed\": \"3x1\"", "identity.seed: \"3x1\" is not a seed"),
      ("\"seed\": \"31\"", "\"seed\": \"-31\"", "identity.seed: \"-31\" is not a seed"),
      (
        "\"seed\": \"31\"", "\"seed\": \"18446744073709551616\"",
        "identity.seed: \"18446744073709551616\" is not a seed"
      ),
      ("\"seed\": \"31\"", "\"seed\": 31", "identity.seed: expected a string"),
      ("\"seed\": \"31\"", "\"sead\": \"31\"", "identity.seed: missing"),
    ]
    for (original, damaged, message) in damages {
      try text.replacingOccurrences(of: original, with: damaged).write(
        toFile: file, atomically: true, encoding: .utf8)
      let target = try session()
      let world = target.world
      guard case .failed(let error, _) = Interpreter.run(line: "load \(file)", in: target) else {
        Issue.record("load did not fail: \(damaged)")
        continue
      }
      #expect(error.hasPrefix("\(target.shown(file)): \(message)"), "\(error)")
      #expect(target.world === world)
    }
  }

  @Test func identityShowsTheSeedAndTheIdsTheWorldGivesNext() throws {
    let transcript = Transcript()
    let session = try session(WorldIdentity(seed: 8412), into: transcript)
    let identity = session.world.identity
    run(["identity"], in: session)
    #expect(
      transcript.lines == [
        "seed                         8412",
        "next transaction id          \(identity.firstTransactionNumber)",
        "next web order line item id  \(identity.firstWebOrderLineItemNumber)",
        "next notificationUUID        \(identity.notificationUUID(1))",
      ])
    let scripted = Transcript()
    run(["buy coins.100", "identity"], in: try self.session(into: scripted))
    #expect(
      scripted.lines.suffix(4).first
        == "seed                         0 (scripted: the same ids in every world)")
    #expect(scripted.lines.suffix(3).first == "next transaction id          2000000000000002")
  }

  @Test func theStartLineNamesTheSeedAndWhereTransactionIdsStart() {
    let identity = WorldIdentity(seed: 8412)
    #expect(
      identity.startLine
        == "world seed 8412: transaction ids start at \(identity.firstTransactionNumber); reproduce with --seed 8412"
    )
  }
}
