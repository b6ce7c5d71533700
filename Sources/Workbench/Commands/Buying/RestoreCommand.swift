import ArgumentParser

/// `restore`: restoreCompletedTransactions.
struct RestoreCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Restore completed transactions: non-consumables come back as restored transactions.")

  func execute(in session: Session) throws {
    _ = try session.account  // Apple restores what an account bought
    session.device.queue.restoreCompletedTransactions()
  }
}
