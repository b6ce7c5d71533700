import CivilCalendar
import Foundation

/// The workbench's notion of now. It starts at 2026-01-01T00:00:00Z, moves only when told, and does
/// calendar arithmetic in UTC so that a month after January 31 is February 28. It shows instants
/// from ``earliest`` (1970-01-01T00:00:00Z) to ``latest`` (9999-12-31T23:59:59Z).
public struct VirtualClock: Sendable {
  /// The instant every session starts at unless `clock set` says otherwise.
  public static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)

  /// The current virtual instant.
  public private(set) var now: Date

  /// Creates a clock at an instant.
  public init(now: Date = VirtualClock.defaultStart) {
    self.now = now
  }

  /// The earliest instant the clock can show: 1970-01-01T00:00:00Z.
  public static let earliest = Date(timeIntervalSince1970: 0)

  /// The latest instant the clock can show: 9999-12-31T23:59:59Z, where Apple's date fields and
  /// ISO 8601's four-digit years end.
  public static let latest = Date(timeIntervalSince1970: 253_402_300_799)

  /// The instant a span after `date`: months first (clamped to the month's end), then seconds.
  ///
  /// Every value is checked before any arithmetic: a date from ``earliest`` to ``latest`` and a
  /// span of at most ``TimeSpan/maximumSeconds`` keep every intermediate value far inside `Int64`.
  ///
  /// - Returns: `nil` when the instant would pass ``latest``, or when `date` or `span` is out of
  ///   range (a date outside the clock's range, a negative span or one over 10,000 years).
  public static func adding(_ span: TimeSpan, to date: Date) -> Date? {
    guard (earliest...latest).contains(date), span.isWithinLimits else { return nil }
    let result = adding(months: span.months, to: date).addingTimeInterval(TimeInterval(span.seconds))
    return result <= latest ? result : nil
  }

  /// The instant a span after `date`, or ``latest`` when it would pass it: where a subscription
  /// period or a billing retry is cut short by the end of the calendar.
  public static func addingUpToLatest(_ span: TimeSpan, to date: Date) -> Date {
    adding(span, to: date) ?? latest
  }

  /// The date `months` calendar months after `date` in UTC, the day clamped to the month's last
  /// day (January 31 plus one month is February 28 or 29), the time of day kept. Callers keep
  /// `date` within a few thousand years of 1970 and `months` within ±120,000, as ``adding(_:to:)``
  /// checks, so that no value nears the limits of `Int64`.
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
