import ArgumentParser

/// `approve TXN`: a parent approves an Ask to Buy request.
struct ApproveCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "approve",
    abstract: "A parent approves a deferred (Ask to Buy) purchase: it is charged and purchased.")

  @Argument(help: "The deferred transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.approve($1) }
  }
}
