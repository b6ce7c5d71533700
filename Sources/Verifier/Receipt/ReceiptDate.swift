import CivilCalendar
import Foundation

/// Receipt dates on the wire: an IA5String `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds, years
/// 0000–9999 of the proleptic Gregorian calendar.
///
/// Conversion is done by arithmetic (days from the civil date), so it reads no time zone or locale
/// and is cheap enough for receipts with thousands of entries.
enum ReceiptDate {
  /// Seconds from 1970 to 0000-01-01T00:00:00Z.
  static let earliestSecond = -62_167_219_200
  /// Seconds from 1970 to 9999-12-31T23:59:59Z.
  static let latestSecond = 253_402_300_799
  /// The length of `YYYY-MM-DDTHH:MM:SSZ`.
  static let length = 20

  /// Formats a date, truncated to the whole second.
  ///
  /// - Parameter date: The date to write.
  /// - Throws: `SigningError.dateOutOfRange` for dates outside years 0000–9999.
  /// - Returns: The ASCII bytes of `YYYY-MM-DDTHH:MM:SSZ`.
  static func format(_ date: Date) throws(SigningError) -> [UInt8] {
    let interval = date.timeIntervalSince1970.rounded(.down)
    guard interval.isFinite, interval >= Double(earliestSecond), interval <= Double(latestSecond) else {
      throw SigningError(
        .dateOutOfRange,
        "receipt dates must lie in years 0000–9999, got \(date.timeIntervalSince1970) s since 1970")
    }
    return CivilDateTime(secondsSince1970: Int64(interval)).utf8()
  }

  /// Parses `YYYY-MM-DDTHH:MM:SSZ`.
  ///
  /// - Parameter text: The ASCII bytes of the date.
  /// - Returns: The date, or `nil` when the text is not exactly that form or names no real instant
  ///   (month 13, February 30, second 60, …).
  static func parse(_ text: some Collection<UInt8>) -> Date? {
    let bytes = Array(text)
    guard bytes.count == length, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z"),
      let time = CivilDateTime(parsing: bytes)
    else { return nil }
    return Date(timeIntervalSince1970: Double(time.secondsSince1970))
  }
}
