import ArgumentParser
import Store

/// `history`: the account's purchase history on Apple's side.
struct HistoryCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List the account's purchase history: every charge and re-download.")

  func execute(in session: Session) throws {
    let account = session.device.queue.account
    guard !account.history.isEmpty else {
      session.print("no purchases on account \(account.name)")
      return
    }
    let rows = account.history.map { record in
      [
        record.transactionId, record.productId, "x\(record.quantity)", Timestamp.iso8601(record.purchaseDate),
        record.charged.description,
        record.reason == .purchase ? "purchase" : "re-download of \(record.originalTransactionId)",
      ]
    }
    session.print(lines: TextTable.render(rows))
  }
}
