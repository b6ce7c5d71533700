import Catalog
import Foundation
import Store
import Testing

@testable import Simulation
@testable import Workbench

/// A customer's artifacts made by one world, imported into a fresh one, exported as a script and
/// run again: the worlds agree, down to the saved file's bytes.
@Suite struct CustomerRoundTripTests {
  private func session(_ lines: [String], directory: String) -> Session {
    let session = Session(
      catalog: try! CatalogLocator.builtIn(), catalogSource: "default",
      output: .collecting(into: Transcript()))
    session.baseDirectory = directory
    for line in lines {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
    return session
  }

  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A customer with a consumable, a non-consumable and a subscription renewed twice, whose
  /// receipt, renewal info and latest signed transaction are written to files.
  private func customer(in directory: String) -> Session {
    session(
      [
        "buy coins.100", "buy level.pack", "buy pro.monthly", "advance-clock 2mo",
        "auto-renew off pro.monthly",
        "receipt refresh", "receipt export r.der", "jws last --renewal --export renewal.jws",
        "jws last --export last.jws",
      ], directory: directory)
  }

  @Test func aReceiptAndSignedDataBecomeTheSameCustomerInAFreshWorld() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = customer(in: directory)
    let copy = session(
      ["import receipt r.der", "import jws renewal.jws", "import jws last.jws"], directory: directory)
    let account = original.world.device.queue.account!
    // A finished consumable leaves the receipt, as Apple's does: the customer's data never shows it.
    let mine = (
      history: account.history.filter { $0.productType != .consumable }, subscriptions: account.subscriptions
    )
    let theirs = copy.world.device.queue.account!
    #expect(mine.history.count == 4)
    #expect(theirs.history.map(\.transactionId) == mine.history.map(\.transactionId))
    #expect(theirs.history.map(\.originalTransactionId) == mine.history.map(\.originalTransactionId))
    #expect(theirs.history.map(\.productId) == mine.history.map(\.productId))
    #expect(theirs.history.map(\.purchaseDate) == mine.history.map(\.purchaseDate))
    #expect(theirs.history.map(\.expiresDate) == mine.history.map(\.expiresDate))
    #expect(theirs.history.map(\.webOrderLineItemNumber) == mine.history.map(\.webOrderLineItemNumber))
    let state = try #require(theirs.subscriptions["Pro"])
    #expect(state.isAutoRenewOn == false)
    #expect(state.expiresDate == mine.subscriptions["Pro"]?.expiresDate)
    #expect(state.renewals == mine.subscriptions["Pro"]?.renewals)
    #expect(copy.world.store.clock.now >= original.world.store.clock.now.addingTimeInterval(-1))
  }

  @Test func anImportedWorldsScriptRebuildsItByteForByte() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = customer(in: directory)
    let imported = session(
      ["import receipt r.der", "import jws renewal.jws", "export script customer.storebench"],
      directory: directory)
    let rebuilt = session([], directory: directory)
    let runner = ScriptRunner(catalog: try! CatalogLocator.builtIn(), catalogSource: "default")
    let result = runner.run(try Script(path: directory + "/customer.storebench"), in: rebuilt)
    #expect(result.passed, "\(result.failures)")
    let first = String(decoding: try WorldFile.encode(imported.world), as: UTF8.self)
    let second = String(decoding: try WorldFile.encode(rebuilt.world), as: UTF8.self)
    #expect(first == second)
  }

  @Test func aConflictingImportChangesNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = customer(in: directory)
    let imported = session(["import receipt r.der"], directory: directory)
    let id = imported.world.device.queue.account!.history[0].transactionId
    let before = try WorldFile.encode(imported.world)
    let outcome = Interpreter.run(
      line: "import transaction coins.100 \(id) --purchased 2020-01-01T00:00:00Z", in: imported)
    #expect(outcome != .succeeded)
    #expect(try WorldFile.encode(imported.world) == before)
  }
}
