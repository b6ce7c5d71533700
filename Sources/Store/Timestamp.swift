import Foundation

/// The two ways the workbench writes instants: ISO 8601 in UTC for files and receipts
/// (`2026-01-01T00:00:00Z`), and a shorter form for log lines (`2026-01-01 00:00:00`).
public enum Timestamp {
  /// `2026-01-01T00:00:00Z`.
  public static func iso8601(_ date: Date) -> String {
    let c = Fields(date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
  }

  /// `2026-01-01 00:00:00`.
  public static func log(_ date: Date) -> String {
    let c = Fields(date)
    return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second)
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
    let (year, month, day) = (field(1), field(2), field(3))
    let (hour, minute, second) = (field(4), field(5), field(6))
    guard (1...12).contains(month), (1...UTCCalendar.daysInMonth(year: year, month: month)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = UTCCalendar.daysFromCivil(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
  }

  private struct Fields {
    var year, month, day, hour, minute, second: Int

    init(_ date: Date) {
      let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
      let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
      let timeOfDay = Int(seconds - days * 86_400)
      (year, month, day) = UTCCalendar.civilFromDays(days)
      (hour, minute, second) = (timeOfDay / 3600, timeOfDay / 60 % 60, timeOfDay % 60)
    }
  }
}
