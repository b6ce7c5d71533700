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
      queue.downloads.bandwidth = try Self.parse(rate)
    }
    session.print("bandwidth \(Self.format(queue.downloads.bandwidth))")
  }

  /// The units of a rate, in decimal as ``Wording/size(_:)`` shows sizes, largest first.
  private static let units: [(String, Double)] = [("GB/s", 1e9), ("MB/s", 1e6), ("KB/s", 1e3), ("B/s", 1)]

  /// Bytes per second, from 1 B/s (slower, a download's time left would not fit the clock) to 10^12.
  static func parse(_ text: String) throws(WorkbenchError) -> Double {
    for (suffix, scale) in units where text.uppercased().hasSuffix(suffix.uppercased()) {
      guard let value = Double(text.dropLast(suffix.count)), value.isFinite else { continue }
      guard (1...1e12).contains(value * scale) else {
        throw WorkbenchError(.invalidValue, "bandwidth: the rate must be 1B/s to 1000GB/s (got \(text))")
      }
      return value * scale
    }
    throw WorkbenchError(
      .invalidValue, "\"\(text)\" is not a rate such as 2MB/s, 500KB/s or 100B/s (at least 1B/s)")
  }

  static func format(_ bytes: Double) -> String {
    for (suffix, scale) in units.dropLast() where bytes >= scale {
      let value = bytes / scale
      return value == value.rounded() ? "\(Int(value))\(suffix)" : String(format: "%.2f%@", value, suffix)
    }
    return "\(Int(bytes))B/s"
  }
}
