import Catalog
import Foundation
import Store

/// The hosted-content downloads of one payment queue: which exist, how far each has come as the
/// virtual clock runs, and how the device's bandwidth is shared by the active ones.
///
/// It only changes downloads; the ``PaymentQueue`` that owns it tells observers what changed.
public final class DownloadQueue {
  /// Every download of the transactions in the queue, in order.
  public internal(set) var all: [Download] = []
  /// How fast hosted content downloads, in bytes per second, shared by active downloads.
  public var bandwidth: Double = 1_000_000
  /// The instant progress was last brought up to date.
  var updatedAt: Date?
  let store: Store

  init(store: Store) {
    self.store = store
  }

  private var now: Date { store.clock.now }

  private var active: [Download] { all.filter { $0.state == .active } }

  /// When the next active download will finish at the current bandwidth, if any is active.
  public var nextCompletion: Date? {
    let active = active
    guard !active.isEmpty else { return nil }
    let share = bandwidth / Double(active.count)
    let soonest = active.map { $0.timeRemaining(bandwidth: share) }.min() ?? 0
    return (updatedAt ?? now).addingTimeInterval(soonest)
  }

  /// Gives a transaction the download of its product's hosted content, once.
  func attach(to transaction: PaymentTransaction) {
    guard transaction.downloads.isEmpty,
      let content = store.catalog.product(transaction.payment.productId)?.hostedContent
    else { return }
    let download = Download(content: content, transaction: transaction)
    transaction.downloads = [download]
    all.append(download)
  }

  /// Moves downloads to a new state; a download that should start fails instead when a fault is
  /// armed for it.
  ///
  /// - Throws: ``QueueError`` when there is none, or one is not in an allowed state.
  func change(
    _ downloads: [Download], from allowed: Set<Download.State>, to state: Download.State, verb: String
  ) throws(QueueError) {
    for download in downloads where !allowed.contains(download.state) {
      throw QueueError(
        .notAllowed,
        "cannot \(verb) the download of \(download.transaction.handleText): it is \(download.state.rawValue)")
    }
    guard !downloads.isEmpty else { throw QueueError(.notFound, "no download to \(verb)") }
    bringUpToDate()
    for download in downloads {
      if state == .active, download.state == .waiting, let error = store.faults.take(.download) {
        download.state = .failed
        download.error = error
      } else {
        download.state = state
      }
    }
  }

  /// Cancels the downloads of a transaction that are not over yet, as finishing it does.
  ///
  /// - Returns: the downloads cancelled.
  func cancelUnfinished(of transaction: PaymentTransaction) -> [Download] {
    let unfinished = transaction.downloads.filter {
      $0.state == .active || $0.state == .paused || $0.state == .waiting
    }
    guard !unfinished.isEmpty else { return [] }
    bringUpToDate()
    for download in unfinished { download.state = .cancelled }
    return unfinished
  }

  /// Moves every active download forward to the current time; those that completed finish.
  ///
  /// - Returns: the downloads that were active.
  func update() -> [Download] {
    let active = active
    bringUpToDate()
    return active
  }

  private func bringUpToDate() {
    defer { updatedAt = now }
    guard let last = updatedAt, now > last else { return }
    let active = active
    guard !active.isEmpty else { return }
    let bytes = now.timeIntervalSince(last) * bandwidth / Double(active.count)
    for download in active {
      download.bytesReceived = min(Double(download.content.size), download.bytesReceived + bytes)
      if download.bytesReceived >= Double(download.content.size) - 0.5 {
        download.bytesReceived = Double(download.content.size)
        download.state = .finished
      }
    }
  }

  /// How observers' log lines show downloads: each with its progress at its share of the bandwidth.
  func summary(of downloads: [Download]) -> String {
    downloads.map { $0.summary(bandwidth: share) }.joined(separator: ", ")
  }

  /// Each active download's share of the bandwidth, in bytes per second.
  public var share: Double { bandwidth / Double(max(1, active.count)) }
}
