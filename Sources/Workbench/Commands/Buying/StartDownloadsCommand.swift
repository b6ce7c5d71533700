import ArgumentParser
import Queue
import Store

/// `start-downloads TXN`, as the issue and SKPaymentQueue name it.
struct StartDownloadsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "start-downloads", abstract: "Start a transaction's downloads (SKPaymentQueue.start).")

  @Argument(help: "The transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.start($1.downloads.filter { $0.state == .waiting }) }
  }
}
