import CivilCalendar
import Foundation

/// The two ways the workbench writes instants: ISO 8601 in UTC for files and receipts
/// (`2026-01-01T00:00:00Z`), and a shorter form for log lines (`2026-01-01 00:00:00`).
public enum Timestamp {
  /// `2026-01-01T00:00:00Z`.
  public static func iso8601(_ date: Date) -> String {
    format(date, "%04d-%02d-%02dT%02d:%02d:%02dZ")
  }

  /// `2026-01-01 00:00:00`.
  public static func log(_ date: Date) -> String {
    format(date, "%04d-%02d-%02d %02d:%02d:%02d")
  }

  /// Parses `2026-01-01T00:00:00Z`, `2026-01-01T00:00:00`, `2026-01-01 00:00:00`, `2026-01-01 00:00`
  /// or `2026-01-01`, in UTC.
  ///
  /// - Returns: `nil` when the text is none of these or names no real date.
  public static func parse(_ text: String) -> Date? {
    let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?)?$"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    func field(_ index: Int) -> Int {
      Range(match.range(at: index), in: text).flatMap { Int(text[$0]) } ?? 0
    }
    guard let date = CivilDate(year: field(1), month: field(2), day: field(3)),
      let time = CivilDateTime(date: date, hour: field(4), minute: field(5), second: field(6))
    else { return nil }
    return Date(timeIntervalSince1970: Double(time.secondsSince1970))
  }

  /// Writes the year, month, day, hour, minute and second of a date, truncated to the second.
  private static func format(_ date: Date, _ pattern: String) -> String {
    let time = CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    return String(
      format: pattern, time.date.year, time.date.month, time.date.day, time.hour, time.minute, time.second)
  }
}
