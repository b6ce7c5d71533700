import CivilCalendar
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
    adding(months: span.months, to: date).addingTimeInterval(TimeInterval(span.seconds))
  }

  /// The date `months` calendar months after `date` in UTC, the day clamped to the month's last
  /// day (January 31 plus one month is February 28 or 29), the time of day kept.
  static func adding(months: Int, to date: Date) -> Date {
    guard months != 0 else { return date }
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let fraction = date.timeIntervalSince1970 - Double(seconds)
    var time = CivilDateTime(secondsSince1970: seconds)
    time.date = time.date.adding(months: months)
    return Date(timeIntervalSince1970: Double(time.secondsSince1970) + fraction)
  }

  /// Moves the clock to `date`; callers make sure time does not run backwards when it must not.
  public mutating func set(_ date: Date) {
    now = date
  }
}
