import Foundation

/// A notification's delivery to one URL: the attempts made and when the next is due.
public struct NotificationDelivery: Hashable, Sendable {
  /// Where it goes.
  public var url: String
  /// The attempts so far, oldest first.
  public internal(set) var attempts: [SendAttempt] = []
  /// When the next attempt is due, while one is.
  public internal(set) var nextAttemptDate: Date?

  /// Creates a delivery whose first attempt is due at `date`.
  init(url: String, firstAttemptAt date: Date) {
    self.url = url
    self.nextAttemptDate = date
  }

  /// Whether an attempt succeeded.
  public var hasSucceeded: Bool { attempts.contains { $0.result == .success } }
}
