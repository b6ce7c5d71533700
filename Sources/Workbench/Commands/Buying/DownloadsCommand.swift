import ArgumentParser
import Queue
import Store

/// `downloads`, `start-downloads TXN`, `pause TXN`, `resume TXN`, `cancel TXN`, `bandwidth RATE`.
struct DownloadsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "downloads",
    abstract: "List hosted-content downloads on this device: state, progress, time left.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    let downloads = queue.downloads.all
    guard !downloads.isEmpty else {
      session.print("no downloads")
      return
    }
    let rows = downloads.map { download in
      [
        download.transaction.handleText, download.content.contentId, download.content.version,
        download.state.rawValue, "\(Int((download.progress * 100).rounded(.down)))%",
        "\(Wording.size(Int(download.bytesReceived))) of \(Wording.size(download.content.size))",
        download.state == .active
          ? "\(Wording.duration(download.timeRemaining(bandwidth: queue.downloads.share))) left" : "",
      ]
    }
    session.print(lines: TextTable.render(rows))
  }
}
