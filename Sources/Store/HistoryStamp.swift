import Foundation

/// A moment in an account's records on Apple's side: what a receipt written then contains.
///
/// Taking one costs nothing; the records as they stood are read back from the account later
/// (``Account/records(asOf:)``), so a receipt can be written at every purchase and renewal
/// without copying the history.
public struct HistoryStamp: Hashable, Sendable {
  /// How many entries the history had.
  public let count: Int
  /// The account's revision: every change to an entry, and every finished consumable, counts one.
  public let revision: Int
  /// When it was taken, on the virtual clock.
  public let date: Date

  /// Creates a stamp.
  public init(count: Int, revision: Int, date: Date) {
    self.count = count
    self.revision = revision
    self.date = date
  }
}
