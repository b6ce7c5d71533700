import Foundation
import Queue
import Simulation
import Testing

@testable import Workbench

/// A long move of the clock keeps what the world is (every renewal in the history) but not every
/// transaction and signed update it reported: the registry keeps the most recent finished
/// transactions, a StoreKit 2 app the latest updates.
@Suite struct LongMoveMemoryTests {
  private func session() throws -> Session {
    Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: OutputSink(write: { _ in }, writeError: { _ in }))
  }

  private func run(_ lines: [String], in session: Session) {
    for line in lines { #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)") }
  }

  @Test func fourteenHoursOfRenewalsKeepTheLatestFinishedTransactionsOnly() throws {
    let session = try session()
    run(["time-rate every-2s", "buy pro.monthly", "advance-clock 14h"], in: session)
    let registry = session.world.registry
    let kept = TransactionRegistry.finishedKept
    #expect(registry.made == 25_201)  // the purchase and a renewal every two seconds for 14 hours
    #expect(registry.all.count >= kept && registry.all.count < 2 * kept)
    #expect(session.world.device.queue.account?.history.count == 25_201, "the history keeps every renewal")
    #expect(failure(of: "finish #2", in: session)?.contains("#2 was finished and is no longer kept") == true)
    #expect(failure(of: "finish #25201", in: session)?.contains("#25201 is already finished") == true)
  }

  private func failure(of line: String, in session: Session) -> String? {
    guard case .failed(let message, _) = Interpreter.run(line: line, in: session) else { return nil }
    return message
  }

  @Test func aStoreKit2ListenerKeepsTheLatestUpdates() throws {
    let session = try session()
    run(["app sk2", "time-rate every-2s", "buy pro.monthly", "advance-clock 67m"], in: session)
    let app = session.world.device.storeKit2
    #expect(app.updatesSinceLaunch == 2_011)
    #expect(app.updates.count == 1_011 && app.updates.first?.handle == 1_001)
  }
}
