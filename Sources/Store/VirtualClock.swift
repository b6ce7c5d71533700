import Foundation

/// The workbench's notion of now. It starts at 2026-01-01T00:00:00Z, moves only when told, and does
/// calendar arithmetic in UTC so that a month after January 31 is February 28.
public struct VirtualClock: Sendable {
  /// The instant every session starts at unless `clock set` says otherwise.
  public static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)

  /// The current virtual instant.
  public private(set) var now: Date

  /// Creates a clock at an instant.
  public init(now: Date = VirtualClock.defaultStart) {
    self.now = now
  }

  /// The instant a span after `date`: months first (clamped to the month's end), then seconds.
  public static func adding(_ span: TimeSpan, to date: Date) -> Date {
    UTCCalendar.adding(months: span.months, to: date).addingTimeInterval(TimeInterval(span.seconds))
  }

  /// Moves the clock to `date`; callers make sure time does not run backwards when it must not.
  public mutating func set(_ date: Date) {
    now = date
  }
}
