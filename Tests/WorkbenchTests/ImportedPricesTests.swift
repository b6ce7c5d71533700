import Catalog
import Foundation
import Store
import Testing

@testable import Simulation
@testable import Workbench

/// Prices a customer's data shows, and those it does not: `import` says which it assumed, `history`
/// marks them, `export script` leaves them out, and the three agree. An upgrade in the data comes in
/// as a purchase, its replaced period upgraded and refunded pro rata, and the timeline shows it.
@Suite struct ImportedPricesTests {
  private func session(
    _ lines: [String], directory: String, transcript: Transcript = Transcript()
  ) -> Session {
    let session = Session(
      catalog: try! CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    session.baseDirectory = directory
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
    return session
  }

  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("prices-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Lite at its introductory price, an upgrade to Pro twenty days in, one renewal; the server kept
  /// the verifyReceipt answer and the upgrade's signed transaction.
  private func customer(in directory: String) -> Session {
    session(
      [
        "buy lite.monthly", "advance-clock 20d", "buy pro.monthly", "advance-clock 1mo",
        "verify --export answer.json", "jws #2 --export upgrade.jws", "jws #1 --export lite.jws",
      ], directory: directory)
  }

  /// The history rows (`ID  PRODUCT  …  NOTES`) by transaction id.
  private func historyRows(of session: Session, transcript: Transcript) -> [String: String] {
    let start = transcript.lines.count
    #expect(Interpreter.run(line: "history", in: session) == .succeeded)
    var rows: [String: String] = [:]
    for line in transcript.lines[start...] {
      guard let id = line.split(separator: " ").first else { continue }
      rows[String(id)] = line
    }
    return rows
  }

  @Test func historyTheReportAndTheExportAgreeOnWhichPricesWereKnown() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = customer(in: directory)
    let made = original.world.device.queue.account!.history
    let transcript = Transcript()
    let imported = session(["import jws upgrade.jws"], directory: directory, transcript: transcript)
    let reportStart = transcript.lines.count
    #expect(Interpreter.run(line: "import verify-response answer.json", in: imported) == .succeeded)
    let report = try #require(transcript.lines[reportStart...].first { $0.hasPrefix("  prices: ") })
    let rows = historyRows(of: imported, transcript: transcript)
    #expect(
      Interpreter.run(line: "export script customer.storebench", in: imported) == .succeeded)
    let script = try String(contentsOfFile: directory + "/customer.storebench", encoding: .utf8)
    let lines = script.split(separator: "\n").filter { $0.hasPrefix("import transaction ") }

    // The signed transaction showed the upgrade's price; the answer showed none.
    let ids = made.map(\.transactionId)
    let assumedInHistory = Set(ids.filter { rows[$0]?.contains(PurchaseRecord.assumedPriceWords) == true })
    let assumedInExport = Set(
      lines.filter { !$0.contains("--price") }.map { String($0.split(separator: " ")[3]) })
    let markedInExport = Set(
      lines.filter { $0.hasSuffix("# " + PurchaseRecord.assumedPriceWords) }.map {
        String($0.split(separator: " ")[3])
      })
    #expect(assumedInHistory == [ids[0], ids[2]])
    #expect(assumedInExport == assumedInHistory)
    #expect(markedInExport == assumedInHistory)
    #expect(
      report
        == "  prices: 1 known; the catalog's assumed for 2 (1 × lite.monthly 0.99 USD, 1 × pro.monthly 4.99 USD), as `history` and `export script` mark them"
    )
    #expect(lines.first { $0.contains(" \(ids[1]) ") }?.contains("--price 4990 --currency USD") == true)

    // The assumed prices are the ones the customer paid: Lite's introductory price, Pro's.
    let history = made.compactMap { record in
      imported.world.device.queue.account!.history.first { $0.transactionNumber == record.transactionNumber }
    }
    #expect(history.map(\.charged) == made.map(\.charged))
    #expect(history.map(\.isPriceAssumed) == [true, false, true])
    #expect(history.map(\.refunded) == made.map(\.refunded))

    // The exported script rebuilds the same records, assumptions included, and the upgrade. (Not
    // the same saved world: the receipt written after the first import held #2 as a renewal.)
    let rebuilt = session([], directory: directory)
    let runner = ScriptRunner(catalog: try! CatalogLocator.builtIn(), catalogSource: "default")
    let result = runner.run(try Script(path: directory + "/customer.storebench"), in: rebuilt)
    #expect(result.passed, "\(result.failures)")
    #expect(rebuilt.world.device.queue.account!.history == imported.world.device.queue.account!.history)
    #expect(rebuilt.world.store.milestones == imported.world.store.milestones)
  }

  @Test func anImportedAnswersScriptRebuildsItsWorldByteForByte() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = customer(in: directory)
    let imported = session(
      ["import verify-response answer.json", "export script customer.storebench"], directory: directory)
    #expect(imported.world.device.queue.account!.history.allSatisfy { $0.isPriceAssumed })
    let rebuilt = session([], directory: directory)
    let runner = ScriptRunner(catalog: try! CatalogLocator.builtIn(), catalogSource: "default")
    let result = runner.run(try Script(path: directory + "/customer.storebench"), in: rebuilt)
    #expect(result.passed, "\(result.failures)")
    #expect(try WorldFile.encode(rebuilt.world) == (try WorldFile.encode(imported.world)))
  }

  @Test func anUpgradeInTheDataArrivesAsAPurchaseTheTimelineShows() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = customer(in: directory)
    let made = original.world.device.queue.account!.history
    let upgrade = Milestone(
      time: made[1].purchaseDate, accountName: "default", transactionNumber: made[1].transactionNumber,
      productId: "pro.monthly", kind: .notice(.didChangeRenewalPref, .upgrade))
    #expect(original.world.store.milestones.contains(upgrade))
    // A verifyReceipt answer dates the upgrade (the replaced period's cancellation date); signed
    // transactions, one file at a time, do not: the upgrade ends the replaced period.
    for lines in [
      ["import verify-response answer.json"], ["import jws lite.jws", "import jws upgrade.jws"],
      ["import jws upgrade.jws", "import jws lite.jws"],
    ] {
      let imported = session(lines, directory: directory)
      let history = imported.world.device.queue.account!.history
      let lite = try #require(history.first { $0.transactionNumber == made[0].transactionNumber })
      let pro = try #require(history.first { $0.transactionNumber == made[1].transactionNumber })
      #expect(lite.reason == .purchase && pro.reason == .purchase, "\(lines)")
      #expect(lite.isUpgraded && lite.cancellationDate == made[0].cancellationDate, "\(lines)")
      #expect(lite.refunded == made[0].refunded, "\(lines)")
      #expect(imported.world.store.milestones == [upgrade], "\(lines)")
    }
  }
}
