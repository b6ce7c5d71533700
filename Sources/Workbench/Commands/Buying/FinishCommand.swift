import ArgumentParser

/// `finish TXN` or `finish --all`: the app finishes transactions by hand.
struct FinishCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "finish",
    abstract: "Finish transactions, as the app's finishTransaction would.",
    discussion: "TXN is a handle (#1), last, or a transaction id.")

  @Argument(help: "The transaction to finish.", completion: .session(.transactions))
  var transaction: String?

  @Flag(help: "Finish every finishable transaction in the queue.")
  var all = false

  func validate() throws {
    guard (transaction != nil) != all else { throw ValidationError("name one transaction, or give --all") }
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    if all {
      let finishable = queue.transactions.filter { $0.state.isFinishable }
      for transaction in finishable { try queue.finish(transaction) }
      session.print("finished \(finishable.count) transaction\(finishable.count == 1 ? "" : "s")")
    } else if let transaction {
      try queue.finish(try session.transaction(transaction))
    }
  }
}
