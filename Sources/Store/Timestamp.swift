import Foundation

/// The two ways the workbench writes instants: ISO 8601 in UTC for files and receipts
/// (`2026-01-01T00:00:00Z`), and a shorter form for log lines (`2026-01-01 00:00:00`).
public enum Timestamp {
  /// `2026-01-01T00:00:00Z`.
  public static func iso8601(_ date: Date) -> String {
    let c = components(date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
  }

  /// `2026-01-01 00:00:00`.
  public static func log(_ date: Date) -> String {
    let c = components(date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
  }

  /// Parses `2026-01-01T00:00:00Z`, `2026-01-01T00:00:00`, `2026-01-01 00:00:00` or `2026-01-01`, in UTC.
  ///
  /// - Returns: `nil` when the text is none of these or names no real date.
  public static func parse(_ text: String) -> Date? {
    let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?)?$"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    func field(_ index: Int) -> Int? {
      Range(match.range(at: index), in: text).flatMap { Int(text[$0]) }
    }
    var parts = DateComponents()
    parts.year = field(1)
    parts.month = field(2)
    parts.day = field(3)
    parts.hour = field(4) ?? 0
    parts.minute = field(5) ?? 0
    parts.second = field(6) ?? 0
    guard parts.isValidDate(in: VirtualClock.calendar), (parts.hour ?? 0) < 24, (parts.minute ?? 0) < 60,
      (parts.second ?? 0) < 60
    else { return nil }
    return VirtualClock.calendar.date(from: parts)
  }

  private static func components(_ date: Date) -> DateComponents {
    VirtualClock.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
  }
}
