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
    #expect(try completer().complete("pro").candidates == ["products"])
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
        "--help", "--offer", "--quantity", "--unchecked", "-h", "-q",
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

  @Test func everyKnownArgumentExistsInTheTree() {
    for key in Completer.knownArguments.keys {
      var words = key.split(separator: " ").map(String.init)
      let valueName = words.removeLast()
      var command = CommandSpec.language
      for word in words { command = command.subcommand(named: word) ?? command }
      #expect(command.name == words.last)
      #expect(command.arguments.contains { $0.valueName == valueName }, "\(key)")
    }
  }
}
