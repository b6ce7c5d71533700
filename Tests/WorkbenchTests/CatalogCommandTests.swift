import Foundation
import Store
import Testing

@testable import Workbench

/// `catalog load FILE.storekit` applies the file's settings and names what it cannot honour;
/// `catalog export --format storekit FILE` writes a file that loads back to the same bytes.
@Suite struct CatalogCommandTests {
  let transcript = Transcript()
  let session: Session
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID())")
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("CatalogTests/Fixtures/every-setting.storekit").path

  init() throws {
    session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // As at a prompt in that directory: paths are read and shown from it.
    session.baseDirectory = directory.path
    session.shownFrom = directory.path
  }

  @discardableResult
  private func run(_ line: String) -> Interpreter.Outcome {
    Interpreter.run(line: line, in: session)
  }

  @Test func loadingAStoreKitFileSetsTheWorldsSwitchesAndNotesTheRest() {
    #expect(!session.world.store.isAskToBuyOn)
    #expect(run("catalog load \(fixture) --bundle-id com.example.kit") == .succeeded)
    let store = session.world.store
    #expect(store.isAskToBuyOn && store.isBillingRetryOn && store.isInterruptedPurchasesOn)
    #expect(store.timeRate == .everyFiveMinutes && store.gracePeriodDays == 16 && store.locale == "fr_FR")
    #expect(run("ask-to-buy off") == .succeeded)
    let notes = transcript.lines.filter { $0.hasPrefix("note: ") }
    #expect(notes.count == 4)
    #expect(!notes.contains { $0.contains("billing plan") }, "billing plans are simulated: no note")
    #expect(
      notes.contains(
        "note: \(session.shown(fixture)): _disableDialogs is not simulated (storebench has no dialogs)"))
    #expect(run("buy com.example.kit.energy") == .succeeded)
    #expect(transcript.lines.contains { $0.contains("SKError 2 paymentCancelled") }, "\(transcript.lines)")
  }

  @Test func exportThenLoadThenExportGivesTheSameBytes() throws {
    #expect(run("catalog load \(fixture) --bundle-id com.example.kit") == .succeeded)
    #expect(run("catalog export first.storekit --format storekit") == .succeeded)
    #expect(transcript.lines.last == "catalog written to first.storekit (storekit, 5 products)")
    let fresh = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    fresh.baseDirectory = directory.path
    #expect(
      Interpreter.run(line: "catalog load first.storekit --bundle-id com.example.kit", in: fresh)
        == .succeeded)
    #expect(fresh.world.store.catalog.products == session.world.store.catalog.products)
    #expect(fresh.world.store.catalog.storeKitSettings == session.world.store.catalog.storeKitSettings)
    #expect(Interpreter.run(line: "catalog export second.storekit", in: fresh) == .succeeded)
    let first = try Data(contentsOf: directory.appendingPathComponent("first.storekit"))
    let second = try Data(contentsOf: directory.appendingPathComponent("second.storekit"))
    #expect(first == second && !first.isEmpty)
  }

  @Test func aMalformedFileIsRefusedWithItsPathAndChangesNothing() throws {
    let path = directory.appendingPathComponent("bad.storekit")
    try Data(#"{"settings": {"_askToBuyEnabled": true, "_timeRate": "fast"}}"#.utf8).write(to: path)
    guard case .failed(let message, _) = run("catalog load bad.storekit") else {
      Issue.record("loaded")
      return
    }
    #expect(
      message.contains("bad.storekit: settings._timeRate: expected a whole number, found \"fast\""),
      "\(message)")
    #expect(!session.world.store.isAskToBuyOn)
  }
}
