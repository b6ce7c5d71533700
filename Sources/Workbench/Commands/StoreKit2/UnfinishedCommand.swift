import ArgumentParser
import Simulation

/// `unfinished`: `Transaction.unfinished`.
struct UnfinishedCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "unfinished",
    abstract: "List Transaction.unfinished: the device's transactions not finished yet (either API).",
    discussion: "`finish TXN` finishes one, whichever API bought it.")

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool { session.nextSignatureIsDamaged }

  func execute(in session: Session) throws {
    let waiting = session.device.queue.transactions.filter { $0.state == .purchased && !$0.isFinished }
    guard !waiting.isEmpty else { return session.print("no unfinished transactions") }
    for transaction in waiting {
      guard let record = session.currentRecord(of: transaction) else { continue }
      session.print(try session.storeKit2Line(record))
    }
  }
}
