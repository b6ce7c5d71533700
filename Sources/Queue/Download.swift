import Catalog
import Foundation
import Store
import Vocabulary

/// `SKDownload`: hosted content of a purchased transaction, fetched as the virtual clock runs.
public final class Download {
  /// `SKDownloadState`.
  public enum State: String, CaseIterable, Hashable, Sendable {
    /// Created; the app has not started it.
    case waiting
    /// Downloading.
    case active
    /// Paused by the app.
    case paused
    /// All bytes arrived.
    case finished
    /// It failed.
    case failed
    /// The app cancelled it, or finished its transaction before it was done.
    case cancelled

    /// Whether nothing more will happen to it.
    public var isFinal: Bool {
      switch self {
      case .finished, .failed, .cancelled: true
      case .waiting, .active, .paused: false
      }
    }
  }

  /// What is downloaded.
  public let content: HostedContent
  /// The transaction it belongs to.
  public unowned let transaction: PaymentTransaction
  /// Where it stands.
  public internal(set) var state = State.waiting
  /// Bytes received so far.
  public internal(set) var bytesReceived: Double = 0
  /// Why it failed.
  public internal(set) var error: SKErrorCode?

  init(content: HostedContent, transaction: PaymentTransaction) {
    self.content = content
    self.transaction = transaction
  }

  /// From 0 to 1.
  public var progress: Double { min(1, bytesReceived / Double(content.size)) }

  /// Seconds left at a bandwidth, for an active download.
  public func timeRemaining(bandwidth: Double) -> Double {
    max(0, (Double(content.size) - bytesReceived) / bandwidth)
  }

  /// `#3 com.example.maps 1.2 active 25% of 52.4 MB (30 s left)`.
  func summary(bandwidth: Double) -> String {
    let secondsLeft = timeRemaining(bandwidth: bandwidth)
    var text = "\(transaction.handleText) \(content.contentId) \(content.version) \(state.rawValue)"
    text += " \(Int((progress * 100).rounded(.down)))% of \(Wording.size(content.size))"
    if state == .active { text += " (\(Wording.duration(secondsLeft)) left)" }
    if let error, state == .failed { text += " (\(error))" }
    return text
  }
}
