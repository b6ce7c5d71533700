import Foundation
import Testing

@testable import Workbench

/// A session on the built-in catalog whose lines have run, and a completer over it.
private func completer(after lines: [String] = [], directory: String? = nil) throws -> Completer {
  let session = Session(
    catalog: try CatalogLocator.builtIn(), catalogSource: "default",
    output: .collecting(into: Transcript()))
  session.baseDirectory = directory
  for line in lines { #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)") }
  return Completer(session: session)
}

@Suite struct CompleterTests {
  @Test func commandNamesComeFromTheCommandTree() throws {
    let completion = try completer().complete("")
    for name in [
      "products", "buy", "finish", "advance-clock", "observer", "record", "quit", "exit", "help", "try",
    ] {
      #expect(completion.candidates.contains(name), "\(name)")
    }
    #expect(completion.candidates == completion.candidates.sorted())
    #expect(try completer().complete("pro").candidates == ["products", "promote"])
    #expect(try completer().complete("ad").commonPrefix == "advance-clock")
  }

  @Test func everyCommandOfTheLanguageIsInTheTree() {
    let names = CommandSpec.language.subcommands.map(\.name)
    #expect(
      names == WorkbenchCommand.configuration.subcommands.map { $0.configuration.commandName! } + ["help"])
    #expect(CommandSpec.language.subcommand(named: "observer")?.subcommands.map(\.name) == ["add", "remove"])
  }

  @Test func subcommandsAndOptions() throws {
    #expect(try completer().complete("observer ").candidates == ["add", "remove"])
    #expect(try completer().complete("clock s").candidates == ["set", "show"])
    #expect(try completer().complete("buy coins.100 --q").candidates == ["--quantity"])
    #expect(
      try completer().complete("buy coins.100 -").candidates == [
        "--application-username", "--billing-plan", "--discount", "--help", "--key-id", "--nonce", "--offer",
        "--quantity", "--sign-with", "--signature", "--timestamp", "--unchecked", "-h", "-q",
      ])
    #expect(try completer().complete("finish --").candidates == ["--all", "--help"])
    #expect(try completer().complete("can-make-payments ").candidates == ["off", "on"])
  }

  @Test func productIdentifiersComeFromTheCatalog() throws {
    #expect(try completer().complete("buy co").candidates == ["coins.100"])
    #expect(try completer().complete("buy pro.").candidates == ["pro.monthly", "pro.yearly"])
    #expect(try completer().complete("buy pro.").commonPrefix == "pro.")
    #expect(try completer().complete("products coins.100 le").candidates == ["level.pack"])
    #expect(try completer().complete("try buy se").candidates == ["season.pass"])
    #expect(try completer().complete("expect storage co").candidates == ["coins.100"])
    #expect(try completer().complete("expect storage e").candidates == ["empty"])
    #expect(try completer().complete("buy coins.100 ").candidates.isEmpty)
  }

  @Test func theCursorDecidesTheWord() throws {
    let completion = try completer().complete("buy co --quantity 2", cursor: 6)
    #expect(completion == Completion(word: "co", candidates: ["coins.100"]))
    #expect(completion.isFinal)
  }

  @Test func transactionsFromTheQueueAndTheHistory() throws {
    let session = try completer(after: [
      "observer remove app", "buy coins.100", "observer add app", "buy level.pack",
    ])
    #expect(session.complete("finish ").candidates.contains("#1"))
    #expect(session.complete("finish #").candidates == ["#1", "#2"])
    #expect(session.complete("finish l").candidates == ["last"])
    #expect(session.complete("finish 2").candidates == ["2000000000000001", "2000000000000002"])
    #expect(session.complete("expect txn #2 pur").candidates == ["purchased", "purchasing"])
    #expect(session.complete("expect queue has #").candidates == ["#1", "#2"])
    #expect(session.complete("expect txn last error paymentC").candidates == ["paymentCancelled"])
  }

  @Test func observersAndPresets() throws {
    let session = try completer(after: ["observer add late passive"])
    #expect(session.complete("observer remove ").candidates == ["app", "late"])
    #expect(session.complete("observer add x nev").candidates == ["never-finish", "never-finish-failed"])
    #expect(session.complete("observer add x correct --failed ").candidates.contains("finish,deliver"))
  }

  @Test func helpCompletesCommands() throws {
    #expect(try completer().complete("help ob").candidates == ["observer", "observers"])
    #expect(try completer().complete("help observer ").candidates == ["add", "remove"])
  }

  @Test func filesForCatalogsAndRecordings() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("complete-\(UUID())")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("catalogs"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "{}".write(to: directory.appendingPathComponent("catalogs/a.json"), atomically: true, encoding: .utf8)
    try "".write(to: directory.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
    let session = try completer(directory: directory.path)
    #expect(session.complete("catalog load ").candidates == ["catalogs/"])
    #expect(!session.complete("catalog load c").isFinal)
    #expect(session.complete("catalog load catalogs/").candidates == ["catalogs/a.json"])
    #expect(session.complete("record ").candidates == ["catalogs/", "stop"])
    #expect(session.complete("record .").candidates == [".hidden"])
  }

  @Test func nothingInsideCommentsQuotesOrUnknownCommands() throws {
    #expect(try completer().complete("buy coins.100 # co").candidates.isEmpty)
    #expect(try completer().complete("buy \"co").candidates.isEmpty)
    #expect(try completer().complete("bogus co").candidates.isEmpty)
  }

  @Test func subscriptionCommandsCompleteAutoRenewablesOnly() throws {
    let autoRenewables = ["lite.monthly", "pro.monthly", "pro.yearly"]
    #expect(try completer().complete("status ").candidates == autoRenewables)
    #expect(try completer().complete("auto-renew off ").candidates == autoRenewables)
    #expect(try completer().complete("price-increase p").candidates == ["pro.monthly", "pro.yearly"])
    #expect(try completer().complete("renew-now ").candidates == autoRenewables)
    #expect(try completer().complete("buy ").candidates.contains("coins.100"))
  }

  @Test func expectTxnCompletesStatesAndKeywords() throws {
    let session = try completer(after: ["buy coins.100"])
    let candidates = session.complete("expect txn #1 ").candidates
    for word in [
      "purchased", "purchasing", "failed", "restored", "deferred", "finished", "unfinished", "product",
    ] {
      #expect(candidates.contains(word), "\(word)")
    }
    #expect(session.complete("expect txn #1 product ").candidates.contains("coins.100"))
    #expect(session.complete("expect txn ").candidates.contains("#1"))
  }

  @Test func everyFormOfExpectCompletes() throws {
    let session = try completer(after: ["buy pro.monthly"])
    let forms = session.complete("expect ").candidates
    for form in [
      "txn", "subscription", "storage", "queue", "history", "last-error", "clock", "verify", "observers",
      "notification", "notifications",
    ] {
      #expect(forms.contains(form), "\(form)")
    }
    #expect(!forms.contains { $0.contains("|") || $0.uppercased() == $0 })
    #expect(
      session.complete("expect subscription ").candidates == ["lite.monthly", "pro.monthly", "pro.yearly"])
    #expect(session.complete("expect subscription pro.monthly in-").candidates.contains("in-trial"))
    #expect(session.complete("expect subscription pro.monthly auto-renew ").candidates == ["off", "on"])
    #expect(session.complete("expect txn #1 flag ").candidates.contains("trial"))
    #expect(session.complete("expect verify 2100").candidates.contains("21004"))
  }

  @Test func valuesDeclaredByTheCommands() throws {
    let session = try completer(after: ["buy coins.100", "device add iPad", "account add bob"])
    #expect(session.complete("storefront FR").candidates == ["FRA"])
    #expect(session.complete("locale ").candidates.contains("en_US"))
    #expect(session.complete("device use ").candidates.contains("iPad"))
    #expect(session.complete("account use ").candidates.contains("bob"))
    #expect(session.complete("time-rate ").candidates.contains("sandbox"))
    #expect(session.complete("habit ").candidates == ["ask-to-buy-decline"])
    #expect(session.complete("fail-next buy --error paymentC").candidates == ["paymentCancelled"])
    #expect(session.complete("grace-period on ").candidates == ["16d", "28d", "3d"])
    #expect(session.complete("notify DID_REN").candidates == ["DID_RENEW"])
    #expect(session.complete("notify DID_RENEW BILLING_REC").candidates == ["BILLING_RECOVERY"])
    #expect(session.complete("refund-request #").candidates == ["#1"])
    #expect(session.complete("buy pro.monthly --offer pro.").candidates == ["pro.winback"])
  }

  /// Arguments whose values are free: names, numbers, durations, dates, prices, secrets, URLs.
  static let freeArguments: Set<String> = [
    "account add name", "advance-clock duration", "api-key create --key-id", "api-key create --issuer-id",
    "bandwidth rate", "buy --quantity", "buy-backdated date", "cancel-next --count",
    "catalog load --bundle-id", "clock set date",
    "device add name", "echo words", "fail-next --count", "notify-url add url", "notify-url remove url",
    "identity --seed", "observer add name", "price-increase price", "serve start --port",
    "serve start --performance-test-scale", "retention value", "cancel-flow --locale",
    "server fault value",
    "shared-secret secret", "tamper --at", "verify --password",
    // import: the facts of a customer's purchase, as their receipt or their server says them
    "import app bundle-id", "import app --version", "import app --original-version",
    "import app --original-purchase", "import app --app-apple-id", "import transaction id",
    "import transaction --purchased", "import transaction --original-id",
    "import transaction --original-purchased",
    "import transaction --expires", "import transaction --quantity",
    "import transaction --web-order-line-item",
    "import transaction --revoked", "import transaction --group", "import transaction --app-account-token",
    "import transaction --price", "import transaction --currency", "import renewal original-id",
    "import renewal --grace-until",
    // StoreKit 2: a number, and the app's own UUID for the customer
    "purchase --quantity", "purchase --app-account-token",
    // offer codes: a name, numbers and a date the user chooses
    "offer-code create --custom", "offer-code create --count", "offer-code create --limit",
    "offer-code create --expires",
    // offer signatures: what the developer's server made
    "buy --nonce", "buy --timestamp", "buy --signature", "buy --application-username", "purchase --nonce",
    "purchase --timestamp", "purchase --signature", "purchase --offer-jws",
    "purchase --intro-eligibility-jws", "purchase --transaction-id",
    "offer-key create --key-id", "offer-key import --key-id", "offer-key sign --token",
    "offer-key sign --nonce",
    "offer-key sign --timestamp", "offer-key sign --transaction-id", "offer-key sign --issuer-id",
    // timeline: dates and a width the user chooses
    "timeline --from", "timeline --to", "timeline --width",
  ]

  @Test func everyArgumentWithAFiniteSetCompletes() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "".write(to: directory.appendingPathComponent("a.storebench"), atomically: true, encoding: .utf8)
    let session = try completer(
      after: [
        "buy coins.100", "buy pro.monthly", "device add iPad", "account add bob", "api-key create",
        "offer-key create --key-id K1",
      ],
      directory: directory.path)
    var checked = 0
    func walk(_ command: CommandSpec, path: [String]) {
      for subcommand in command.subcommands where !["help", "expect"].contains(subcommand.name) {
        walk(subcommand, path: path + [subcommand.name])
      }
      var position = 0
      for argument in command.arguments where argument.kind != .flag {
        let key = (path + [argument.kind == .option ? argument.names[0] : argument.valueName])
          .joined(separator: " ")
        let before: [String]
        switch argument.kind {
        case .positional:
          before = Array(repeating: "x", count: position)
          position += 1
        case .option: before = [argument.names[0]]
        case .flag: continue
        }
        if Self.freeArguments.contains(key) { continue }
        let line = (path + before + [""]).joined(separator: " ")
        let candidates = session.complete(line).candidates
        #expect(!candidates.isEmpty, "\(key): nothing completes \"\(line)\"")
        checked += 1
      }
    }
    walk(CommandSpec.language, path: [])
    #expect(checked > 50)
  }

  @Test func everyFreeArgumentExists() {
    for key in Self.freeArguments {
      var words = key.split(separator: " ").map(String.init)
      let last = words.removeLast()
      var command = CommandSpec.language
      for word in words { command = command.subcommand(named: word) ?? command }
      #expect(command.name == words.last, "\(key)")
      #expect(command.arguments.contains { $0.valueName == last || $0.names.first == last }, "\(key)")
    }
  }
}
