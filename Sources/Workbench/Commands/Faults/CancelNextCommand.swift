import ArgumentParser
import Store

/// `cancel-next`: the user cancels the next payment sheet.
struct CancelNextCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel-next",
    abstract: "The user cancels the next payment sheet: it fails with SKError 2 paymentCancelled.")

  @Option(help: "How many payment sheets in a row to cancel.")
  var count = 1

  func validate() throws {
    try require(count, in: 1...100, "--count")
  }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    queue.pendingCancellations += count
    let sheets = queue.pendingCancellations
    session.print(
      "next \(sheets == 1 ? "payment sheet" : Wording.plural(sheets, "payment sheet")) will be cancelled")
  }
}
