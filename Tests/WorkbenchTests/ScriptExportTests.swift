import Catalog
import Foundation
import JSON
import Store
import Testing

@testable import Simulation
@testable import Workbench

/// `export script`: the generator's exact text for worlds built with ordinary commands, redaction
/// that replaces every identifier consistently, and the script and catalog written beside a script.
@Suite struct ScriptExportTests {
  /// A consumable and a non-consumable bought, a subscription renewed twice then auto-renew off,
  /// the non-consumable refunded.
  static let scenario = [
    "buy coins.100", "buy level.pack", "buy pro.monthly", "advance-clock 1mo", "advance-clock 1mo",
    "auto-renew off pro.monthly", "refund #2 --reason app-issue", "advance-clock 1d",
  ]

  private func session(_ lines: [String], directory: String? = nil) throws -> Session {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    session.baseDirectory = directory
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
    return session
  }

  private func export(_ session: Session, redact: Bool = false) throws -> ScriptExport {
    try ScriptExport(
      world: session.world, scriptName: "customer.storebench", catalogFile: "customer.catalog.json",
      redact: redact)
  }

  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("script-export-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func theScriptOfABoughtRenewedAndRefundedWorldIsExact() throws {
    let export = try export(try session(Self.scenario))
    #expect(export.text == Self.golden + "\n")
    #expect(export.redactionSummary == nil)
    #expect(
      export.notReproduced == [
        "default: that the app finished 1 consumable (receipts leave them out)",
        "the app receipt iPhone holds, written at 2026-02-08T00:00:00Z (`receipt refresh` writes one now)",
        "the app's storage on iPhone",
        "the 5 transactions the app's queues reported (#1 to #5)",
        "5 timeline milestones (failed renewals, refund requests, price consent, Ask to Buy: what `timeline` draws beside the records)",
      ])
  }

  static let golden = """
    # Exported from the world at 2026-03-02T00:00:00Z by `storebench export script`.
    # Not redacted: it holds the customer's real identifiers.
    # Run it with `storebench run customer.storebench`: it rebuilds the world from an empty one and checks it.
    catalog load customer.catalog.json

    clock set 2026-03-02T00:00:00Z

    # account default
    import app com.example.storebench --version 1.0 --environment Sandbox --app-apple-id 1234567890
    import transaction coins.100 2000000000000001 --purchased 2026-01-01T00:00:00Z --storefront USA --price 990 --currency USD
    import transaction level.pack 2000000000000002 --purchased 2026-01-01T00:00:00Z --revoked 2026-03-01T00:00:00Z --revocation-reason 1 --storefront USA --price 2990 --currency USD
    import transaction pro.monthly 2000000000000003 --purchased 2026-01-01T00:00:00Z --expires 2026-01-08T00:00:00Z --web-order-line-item 2000000500000001 --trial --storefront USA --price 0 --currency USD
    import transaction pro.monthly 2000000000000004 --purchased 2026-01-08T00:00:00Z --original-id 2000000000000003 --original-purchased 2026-01-01T00:00:00Z --expires 2026-02-08T00:00:00Z --web-order-line-item 2000000500000002 --storefront USA --price 4990 --currency USD
    import transaction pro.monthly 2000000000000005 --purchased 2026-02-08T00:00:00Z --original-id 2000000000000003 --original-purchased 2026-01-01T00:00:00Z --expires 2026-03-08T00:00:00Z --web-order-line-item 2000000500000003 --storefront USA --price 4990 --currency USD
    import renewal 2000000000000003 --product pro.monthly --renews-to pro.monthly --auto-renew off --intent 1
    expect subscription pro.monthly active
    expect subscription pro.monthly expires 2026-03-08T00:00:00Z
    expect subscription pro.monthly auto-renew off
    expect subscription pro.monthly renews-as pro.monthly
    expect subscription pro.monthly renewals 2
    expect subscription pro.monthly intent none
    expect history coins.100 count 1
    expect history level.pack count 1
    expect history pro.monthly count 3
    expect history count 5

    expect clock 2026-03-02T00:00:00Z

    # not reproduced: default: that the app finished 1 consumable (receipts leave them out)
    # not reproduced: the app receipt iPhone holds, written at 2026-02-08T00:00:00Z (`receipt refresh` writes one now)
    # not reproduced: the app's storage on iPhone
    # not reproduced: the 5 transactions the app's queues reported (#1 to #5)
    # not reproduced: 5 timeline milestones (failed renewals, refund requests, price consent, Ask to Buy: what `timeline` draws beside the records)
    """

  @Test func switchesAccountsDevicesAndObserversAreWrittenWithTheirCommands() throws {
    let session = try session([
      "storefront FRA", "time-rate monthly-5m", "billing-retry on", "grace-period on 3d", "ask-to-buy on",
      "habit ask-to-buy-decline silent", "fail-next products --error 2 --count 3", "shared-secret 'a b'",
      "notify-url add http://127.0.0.1:9/hook --environment production",
      "server fault history rate-limit 2s", "account add ann", "device add iPad", "device use iPad",
      "account use ann", "observer remove app", "observer add late never-finish", "can-make-payments off",
      "ask-to-buy off", "buy coins.100",
    ])
    let text = try export(session).text
    for line in [
      "storefront FRA", "time-rate monthly-5m", "billing-retry on", "grace-period on 3d",
      "habit ask-to-buy-decline silent", "fail-next products --error paymentCancelled --count 3",
      "shared-secret \"a b\"", "notify-url add http://127.0.0.1:9/hook --environment production",
      "server fault history rate-limit 2000ms", "account add ann", "device add iPad", "device use iPad",
      "account use ann", "observer remove app", "observer add late never-finish", "can-make-payments off",
    ] {
      #expect(text.split(separator: "\n").contains(Substring(line)), "\(line)")
    }
    #expect(!text.contains("ask-to-buy on"))
    #expect(text.hasSuffix("\n"))
  }

  @Test func redactionReplacesEveryIdentifierConsistently() throws {
    let session = try session(
      ["account add jane.doe", "account use jane.doe", "notify-url add https://api.customer.com/n"]
        + Self.scenario)
    let world = session.world
    let plain = try export(session).text
    let redacted = try export(session, redact: true)
    #expect(try export(session, redact: true).text == redacted.text)

    let redaction = Redaction(redacting: world, baseline: try freshWorld())
    let records = world.store.allAccounts.flatMap(\.history)
    let numbers = Set(records.flatMap { [$0.transactionNumber, $0.originalTransactionNumber] })
    let standIns = numbers.map(redaction.transaction)
    #expect(Set(standIns).count == numbers.count)
    #expect(Set(standIns).isDisjoint(with: numbers))
    for number in numbers {
      #expect(String(redaction.transaction(number)).count == String(number).count)
      #expect(redacted.text.contains(String(redaction.transaction(number))))
      #expect(!redacted.text.contains(String(number)))
      #expect(plain.contains(String(number)))
    }
    for (first, second) in zip(numbers.sorted(), numbers.sorted().dropFirst()) {
      #expect(redaction.transaction(first) < redaction.transaction(second))
    }
    for record in records {
      let purchased = Timestamp.iso8601Milliseconds(record.purchaseDate)
      let line =
        "\(redaction.transaction(record.transactionNumber)) --purchased \(purchased)"
        + (record.originalTransactionNumber == record.transactionNumber
          ? "" : " --original-id \(redaction.transaction(record.originalTransactionNumber))")
      #expect(redacted.text.contains(line))
      if let item = record.webOrderLineItemNumber {
        #expect(!redacted.text.contains(String(item)))
        #expect(!numbers.contains(redaction.lineItem(item)))
      }
    }
    #expect(!redacted.text.contains("jane.doe"))
    #expect(redacted.text.contains("account use customer-1"))
    #expect(!redacted.text.contains("api.customer.com"))
    #expect(redacted.text.contains("https://host-1.example/n"))
    #expect(redacted.redactionSummary?.hasPrefix("redacted: \(numbers.count) transaction ids, ") == true)
  }

  @Test func appAccountTokensBecomeFreshUUIDs() throws {
    let token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
    let session = try session(["buy pro.monthly", "advance-clock 1mo"])
    let first = try #require(session.world.store.account(named: "default")?.history.first)
    session.world.serverAPI.setAppAccountToken(
      token, originalTransactionNumber: first.originalTransactionNumber, from: first.transactionNumber)
    let plain = try export(session).text
    let redacted = try export(session, redact: true).text
    #expect(plain.contains("--app-account-token \(token)"))
    #expect(!redacted.contains(token))
    #expect(redacted.contains("--app-account-token 00000000-0000-4000-8000-000000000001"))
  }

  @Test func externalPurchaseTokensAreNamedAsNotReproduced() throws {
    let session = try session(["external-purchase link-out --type services", "external-purchase link-out"])
    #expect(try export(session).text.contains("# not reproduced: 2 external purchase tokens and 0 reports"))
  }

  @Test func retentionReviewIsACommandAndItsUploadsAreNamedAsNotReproduced() throws {
    let session = try session(["buy pro.monthly", "retention review manual"])
    let response = AppStoreServerAPI.respond(
      to: APIRequest(
        method: "PUT", path: "/inApps/v1/messaging/message/5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001",
        body: Array(#"{"header":"Stay","body":"For less."}"#.utf8)),
      in: session.world)
    #expect(response.status == 200)
    let text = try export(session).text
    #expect(text.contains("\nretention review manual\n"))
    #expect(text.contains("# not reproduced: the Retention Messaging configuration the API set (1 message)"))
  }

  @Test func theScriptAndItsCatalogAreWrittenBesideTheExportingScript() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try session(
      Self.scenario + ["export script out/customer.storebench --redact"], directory: directory)
    let script = try String(contentsOfFile: directory + "/out/customer.storebench", encoding: .utf8)
    #expect(script == (try export(session, redact: true).text))
    #expect(script.split(separator: "\n").contains("catalog load customer.catalog.json"))
    let catalog = try CatalogLoader.load(path: directory + "/out/customer.catalog.json")
    #expect(
      JSONText.xcodeStyle(catalog.document) == JSONText.xcodeStyle(session.world.store.catalog.document))
  }

  /// A scenario to export and replay.
  struct Replay: CustomStringConvertible, Sendable {
    var name: String
    var lines: [String]

    var description: String { name }
  }

  static let replays = [
    Replay(name: "bought, renewed, refunded", lines: scenario),
    Replay(
      name: "expired, then bought again (a resubscription, not a renewal)",
      lines: ["buy pro.monthly", "auto-renew off pro.monthly", "advance-clock 2mo", "buy pro.monthly"]),
    Replay(
      name: "switches, accounts, devices, family, observers",
      lines: [
        "storefront FRA", "time-rate monthly-5m", "billing-retry on", "grace-period on 3d",
        "habit ask-to-buy-decline silent", "fail-next products --error 2 --count 3", "shared-secret 'a b'",
        "notify-url add http://127.0.0.1:9/hook --environment production",
        "server fault history rate-limit 2s",
        "account add ann", "account add jane.doe", "family add ann", "device add iPad", "device use iPad",
        "account use ann", "observer remove app", "observer add late never-finish", "can-make-payments off",
        "price-increase pro.monthly 5.99", "device use iPhone", "account use jane.doe", "buy pro.monthly",
        "buy coins.100 --quantity 3", "advance-clock 10d", "device use iPad",
      ]),
  ]

  /// Runs the script exported from a scenario in a fresh session; both worlds are saved, and what
  /// the script claims to rebuild (accounts' histories and subscriptions, Apple's side with its
  /// switches and scheduled events, the app's identity, the server's state, which device holds
  /// which account with which observers) must be equal. What it lists as not reproduced (the app's
  /// transactions, storage, receipts, finished consumables) and the order of changes are left out.
  @Test(arguments: replays)
  func runningTheExportedScriptRebuildsAnEqualWorld(_ replay: Replay) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = try session(replay.lines + ["export script customer.storebench"], directory: directory)
    let runner = ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default")
    let rebuilt = try session([], directory: directory)
    let result = runner.run(try Script(path: directory + "/customer.storebench"), in: rebuilt)
    #expect(result.passed, "\(result.failures)")
    let saved = { (session: Session, name: String) throws -> WorldSnapshot in
      try session.saveWorld(to: directory + "/" + name)
      return try WorldFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))))
        .snapshot
    }
    var (before, after) = (try saved(original, "original.json"), try saved(rebuilt, "rebuilt.json"))
    // The timeline's milestones are history the script does not replay, and it says so.
    if before.store.milestones != nil {
      let script = try String(contentsOfFile: directory + "/customer.storebench", encoding: .utf8)
      #expect(script.contains("# not reproduced: ") && script.contains("timeline milestone"))
    }
    (before.store.milestones, after.store.milestones) = (nil, nil)
    #expect(after.store == before.store)
    #expect(after.environment == before.environment)
    #expect(after.appAppleId == before.appAppleId)
    #expect(after.sharedSecret == before.sharedSecret)
    #expect(after.serverAPI == before.serverAPI)
    #expect(after.notifications.urls == before.notifications.urls)
    #expect(after.devices.map { [$0.name, $0.account] } == before.devices.map { [$0.name, $0.account] })
    // What the observers heard is this session's history, which no script line sets: the rebuilt
    // world's observers hear only what the rebuild makes them hear.
    func policies(_ snapshot: WorldSnapshot) -> [[ObserverSnapshot]] {
      snapshot.devices.map {
        $0.observers.map { observer in
          var policy = observer
          policy.heard = nil
          return policy
        }
      }
    }
    #expect(policies(after) == policies(before))
    #expect(after.devices.map(\.canMakePayments) == before.devices.map(\.canMakePayments))
    #expect(after.currentDevice == before.currentDevice)
    #expect(after.accounts.map(\.name) == before.accounts.map(\.name))
    for (rebuiltAccount, account) in zip(after.accounts, before.accounts) {
      #expect(rebuiltAccount.history == account.history, "\(account.name)")
      #expect(rebuiltAccount.earlierVersions.map(\.record) == account.earlierVersions.map(\.record))
      #expect(rebuiltAccount.introductoryOfferGroups == account.introductoryOfferGroups)
      #expect(rebuiltAccount.subscriptions == account.subscriptions, "\(account.name)")
    }
  }

  /// The redacted script rebuilds the same customer under stand-in identifiers: its expectations,
  /// which name no identifier, hold.
  @Test(arguments: replays)
  func theRedactedScriptRunsAndItsExpectationsHold(_ replay: Replay) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = try session(
      replay.lines + ["export script customer.storebench --redact"], directory: directory)
    let runner = ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default")
    let rebuilt = try session([], directory: directory)
    let result = runner.run(try Script(path: directory + "/customer.storebench"), in: rebuilt)
    #expect(result.passed, "\(result.failures)")
    let histories = { (session: Session) in session.world.store.allAccounts.map(\.history.count).sorted() }
    #expect(histories(rebuilt) == histories(original))
  }

  private func freshWorld() throws -> World {
    World(catalog: try CatalogLocator.builtIn(), log: EventLog())
  }
}
