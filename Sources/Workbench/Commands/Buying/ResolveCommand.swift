import ArgumentParser

/// `resolve TXN`: the customer resolves an interrupted purchase.
struct ResolveCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "The customer resolves an interrupted purchase: a new purchased transaction arrives.")

  @Argument(help: "The interrupted (failed) transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.resolve($1) }
  }
}
