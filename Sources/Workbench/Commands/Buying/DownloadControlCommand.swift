import ArgumentParser
import Queue
import Store

/// What the app does to a transaction's downloads.
struct DownloadControlCommand: SessionCommand {
  enum Verb: String, ExpressibleByArgument, CaseIterable {
    case start, pause, resume, cancel
  }

  static let configuration = CommandConfiguration(
    commandName: "download",
    abstract: "Start, pause, resume or cancel a transaction's downloads, as the app would.",
    discussion: "A correct observer starts downloads itself when it delivers; use this for apps that do not.")

  @Argument(help: "start, pause, resume or cancel.")
  var verb: Verb

  @Argument(help: "The transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    let transaction = try session.transaction(transaction)
    let queue = session.queue(of: transaction)
    switch verb {
    case .start: try queue.start(transaction.downloads)
    case .pause: try queue.pause(transaction.downloads)
    case .resume: try queue.resume(transaction.downloads)
    case .cancel: try queue.cancel(transaction.downloads)
    }
  }
}
