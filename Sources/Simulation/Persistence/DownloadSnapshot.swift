import Queue
import Store
import Vocabulary

/// A hosted-content download of a saved world: its transaction, state and progress.
struct DownloadSnapshot: Codable, Hashable {
  var transaction: Int
  var state: String
  var bytesReceived: Double
  var error: Int?

  init(_ download: DownloadQueue.SavedDownload) {
    transaction = download.transactionHandle
    state = download.state.rawValue
    bytesReceived = download.bytesReceived
    error = download.error?.rawValue
  }

  func download(at path: String) throws(WorldFileError) -> DownloadQueue.SavedDownload {
    DownloadQueue.SavedDownload(
      transactionHandle: transaction,
      state: try SnapshotPath.parse(state, as: Download.State.self, at: path + ".state"),
      bytesReceived: bytesReceived,
      error: try SnapshotPath.parse(optional: error, as: SKErrorCode.self, at: path + ".error"))
  }
}
