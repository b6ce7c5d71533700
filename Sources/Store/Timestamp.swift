import CivilCalendar
import Foundation

/// The two ways the workbench writes instants: ISO 8601 in UTC for files and receipts
/// (`2026-01-01T00:00:00Z`), and a shorter form for log lines (`2026-01-01 00:00:00`).
public enum Timestamp {
  /// `2026-01-01T00:00:00Z`.
  public static func iso8601(_ date: Date) -> String {
    civil(date).formatted()
  }

  /// `2026-01-01 00:00:00`.
  public static func log(_ date: Date) -> String {
    civil(date).formatted(separator: UInt8(ascii: " "), suffix: "")
  }

  /// Parses `2026-01-01T00:00:00Z`, `2026-01-01T00:00:00`, `2026-01-01 00:00:00`, `2026-01-01 00:00`
  /// or `2026-01-01`, in UTC.
  ///
  /// - Returns: `nil` when the text is none of these or names no real date.
  public static func parse(_ text: String) -> Date? {
    CivilDateTime(parsing: text.utf8).map { Date(timeIntervalSince1970: Double($0.secondsSince1970)) }
  }

  /// The civil date and time of an instant, truncated to the second.
  private static func civil(_ date: Date) -> CivilDateTime {
    CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
  }
}
