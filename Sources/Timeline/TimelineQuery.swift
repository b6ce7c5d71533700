import Foundation

/// What a timeline shows: which purchases, whose, and when.
public struct TimelineQuery: Hashable, Sendable {
  /// Which purchases.
  public enum Subject: Hashable, Sendable {
    /// Every purchase.
    case everything
    /// A product's: the whole subscription a subscription product belongs to, or the product's
    /// one-time purchases.
    case product(String)
    /// A subscription group's subscriptions.
    case group(String)
    /// The subscription a transaction belongs to, or the one-time purchase itself.
    case transaction(UInt64)
  }

  /// Which purchases.
  public var subject: Subject
  /// Only this account's, or every account's when `nil`.
  public var account: String?
  /// The first instant drawn; the first purchase's time when `nil`.
  public var from: Date?
  /// The last instant drawn; when `nil`, the world's clock, or the end of a current period that runs
  /// on past it.
  public var to: Date?

  /// Creates a query.
  public init(subject: Subject = .everything, account: String? = nil, from: Date? = nil, to: Date? = nil) {
    self.subject = subject
    self.account = account
    self.from = from
    self.to = to
  }
}
