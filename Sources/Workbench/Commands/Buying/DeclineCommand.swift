import ArgumentParser

/// `decline TXN`: a parent declines an Ask to Buy request.
struct DeclineCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "decline",
    abstract: "A parent declines a deferred (Ask to Buy) purchase: it fails (or, by habit, nothing is sent).")

  @Argument(help: "The deferred transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.decline($1) }
  }
}
