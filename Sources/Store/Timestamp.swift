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

  /// `2026-01-01T00:00:00Z`, or `2026-01-01T00:00:00.123Z` when the instant has milliseconds (as
  /// Apple's dates do): what ``parsePrecise(_:)`` reads back to the same instant.
  public static func iso8601Milliseconds(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    let whole = (milliseconds / 1000).rounded(.down)
    let fraction = Int(milliseconds - whole * 1000)
    let text = CivilDateTime(secondsSince1970: Int64(whole)).formatted()
    guard fraction != 0 else { return text }
    let digits = String(fraction)
    return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  /// Parses what ``parse(_:)`` does, and also a milliseconds part (`2026-01-01T00:00:00.123Z`,
  /// one to three digits), to the millisecond.
  ///
  /// - Returns: `nil` when the text is no such date.
  public static func parsePrecise(_ text: String) -> Date? {
    guard let dot = text.firstIndex(of: ".") else { return parse(text) }
    var fraction = text[text.index(after: dot)...]
    if fraction.last == "Z" { fraction = fraction.dropLast() }
    guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber),
      let whole = parse(String(text[..<dot])), let digits = Int(fraction)
    else { return nil }
    let milliseconds = digits * [100, 10, 1][fraction.count - 1]
    return Date(timeIntervalSince1970: (whole.timeIntervalSince1970 * 1000 + Double(milliseconds)) / 1000)
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
