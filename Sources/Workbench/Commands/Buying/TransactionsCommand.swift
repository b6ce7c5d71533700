import ArgumentParser
import Store

/// `transactions`: what waits in the device's queue.
struct TransactionsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "transactions",
    abstract: "List the unfinished transactions in the device's queue.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    guard !queue.transactions.isEmpty else {
      session.print("the queue is empty")
      return
    }
    let rows = queue.transactions.map { transaction in
      [
        transaction.handleText, transaction.payment.productId, "x\(transaction.payment.quantity)",
        transaction.state.rawValue, transaction.transactionIdentifier ?? "-",
        transaction.error.map { "\($0)" } ?? Timestamp.iso8601(transaction.date),
      ]
    }
    session.print(lines: TextTable.render(rows))
  }
}
