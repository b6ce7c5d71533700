import ArgumentParser
import Queue
import Store

/// `bandwidth RATE`: how fast the device downloads.
struct BandwidthCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "bandwidth",
    abstract: "Set how fast this device downloads hosted content, such as 2MB/s or 500KB/s.")

  @Argument(help: "A rate: a number and B/s, KB/s, MB/s or GB/s (1 KB = 1000 bytes, as sizes are shown).")
  var rate: String?

  func validate() throws {
    try requireNonEmpty(rate, "the rate")
  }

  func changesWorld(in _: Session) -> Bool { rate != nil }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    if let rate {
      queue.updateDownloads()
      queue.downloads.bandwidth = try Bandwidth.parse(rate)
    }
    session.print("bandwidth \(Bandwidth.format(queue.downloads.bandwidth))")
  }
}
