import Foundation
import Store
import Vocabulary

extension DownloadQueue {
  /// How a saved world keeps one download.
  public struct SavedDownload: Sendable {
    /// The handle of its transaction.
    public var transactionHandle: Int
    /// Where it stands.
    public var state: Download.State
    /// Bytes received so far.
    public var bytesReceived: Double
    /// Why it failed.
    public var error: SKErrorCode?

    /// Creates a saved download.
    public init(transactionHandle: Int, state: Download.State, bytesReceived: Double, error: SKErrorCode?) {
      self.transactionHandle = transactionHandle
      self.state = state
      self.bytesReceived = bytesReceived
      self.error = error
    }
  }

  /// The instant progress was last brought up to date, if ever.
  public var progressDate: Date? { updatedAt }

  /// Every download as a saved world keeps it.
  public var savedDownloads: [SavedDownload] {
    all.map {
      SavedDownload(
        transactionHandle: $0.transaction.handle, state: $0.state, bytesReceived: $0.bytesReceived,
        error: $0.error)
    }
  }

  /// Rebuilds the downloads of a saved world, each attached to its transaction.
  ///
  /// - Parameters:
  ///   - downloads: the downloads, in order.
  ///   - transactions: the world's transactions by handle.
  ///   - progressDate: when progress was last brought up to date.
  /// - Throws: ``QueueError`` for a download of an unknown transaction or of a product without
  ///   hosted content.
  public func restore(
    _ downloads: [SavedDownload], transactions: (Int) -> PaymentTransaction?, progressDate: Date?
  ) throws(QueueError) {
    var restored: [Download] = []
    for saved in downloads {
      guard let transaction = transactions(saved.transactionHandle),
        let content = store.catalog.product(transaction.payment.productId)?.hostedContent
      else {
        throw QueueError(
          .inconsistentState, "a download of #\(saved.transactionHandle) has no hosted content to fetch")
      }
      let download = Download(content: content, transaction: transaction)
      download.state = saved.state
      download.bytesReceived = saved.bytesReceived
      download.error = saved.error
      transaction.downloads.append(download)
      restored.append(download)
    }
    all = restored
    updatedAt = progressDate
  }
}
