import CivilCalendar
import Foundation

/// The three ways verifyReceipt writes a date: `2026-01-01 00:00:00 Etc/GMT`, milliseconds as a
/// string, and Pacific time with its zone (`2025-12-31 16:00:00 America/Los_Angeles`), daylight
/// saving time by the United States rules in force since 2007.
enum AppleDate {
  /// The values of a date's `KEY`, `KEY_ms` and `KEY_pst` keys.
  static func forms(_ date: Date) -> (gmt: String, milliseconds: String, pacific: String) {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let utc = CivilDateTime(secondsSince1970: seconds)
    let offset: Int64 = isDaylightSaving(date, year: utc.date.year) ? -7 * 3600 : -8 * 3600
    return (
      utc.formatted(separator: UInt8(ascii: " "), suffix: " Etc/GMT"),
      String(Int64((date.timeIntervalSince1970 * 1000).rounded())),
      CivilDateTime(secondsSince1970: seconds + offset).formatted(
        separator: UInt8(ascii: " "), suffix: " America/Los_Angeles")
    )
  }

  /// The values of a date's `KEY`, `KEY_ms` and `KEY_pst` keys; all three absent without a date.
  static func forms(_ date: Date?) -> (gmt: String?, milliseconds: String?, pacific: String?) {
    guard let date else { return (nil, nil, nil) }
    let triple = forms(date)
    return (triple.gmt, triple.milliseconds, triple.pacific)
  }

  static func gmt(_ date: Date) -> String {
    forms(date).gmt
  }

  static func pacific(_ date: Date) -> String {
    forms(date).pacific
  }

  /// From the second Sunday of March, 2:00 standard time, to the first Sunday of November, 2:00
  /// daylight time.
  static func isDaylightSaving(_ date: Date) -> Bool {
    isDaylightSaving(
      date, year: CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down))).date.year)
  }

  /// ``isDaylightSaving(_:)`` for a date whose year (in UTC) is known.
  private static func isDaylightSaving(_ date: Date, year: Int) -> Bool {
    let start = sunday(year: year, month: 3, nth: 2) + 10 * 3600
    let end = sunday(year: year, month: 11, nth: 1) + 9 * 3600
    let seconds = date.timeIntervalSince1970
    return seconds >= Double(start) && seconds < Double(end)
  }

  /// Midnight UTC of the nth Sunday of a month, in seconds since 1970.
  private static func sunday(year: Int, month: Int, nth: Int) -> Int64 {
    let first = CivilDate(year: year, month: month, day: 1)?.daysSince1970 ?? 0
    let weekday = Int((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday (4); 0 is Sunday
    return (first + Int64((7 - weekday) % 7 + (nth - 1) * 7)) * 86_400
  }
}
