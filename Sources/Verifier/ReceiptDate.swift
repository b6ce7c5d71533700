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
    let time = CivilDateTime(secondsSince1970: Int64(interval))
    var text: [UInt8] = []
    text.reserveCapacity(length)
    appendDigits(time.date.year, width: 4, to: &text)
    text.append(UInt8(ascii: "-"))
    appendDigits(time.date.month, width: 2, to: &text)
    text.append(UInt8(ascii: "-"))
    appendDigits(time.date.day, width: 2, to: &text)
    text.append(UInt8(ascii: "T"))
    appendDigits(time.hour, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    appendDigits(time.minute, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    appendDigits(time.second, width: 2, to: &text)
    text.append(UInt8(ascii: "Z"))
    return text
  }

  /// Parses `YYYY-MM-DDTHH:MM:SSZ`.
  ///
  /// - Parameter text: The ASCII bytes of the date.
  /// - Returns: The date, or `nil` when the text is not exactly that form or names no real instant
  ///   (month 13, February 30, second 60, …).
  static func parse(_ text: some Collection<UInt8>) -> Date? {
    let bytes = Array(text)
    guard bytes.count == length,
      bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
      let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
      let second = number(bytes[17..<19]),
      let date = CivilDate(year: year, month: month, day: day),
      let time = CivilDateTime(date: date, hour: hour, minute: minute, second: second)
    else {
      return nil
    }
    return Date(timeIntervalSince1970: Double(time.secondsSince1970))
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  private static func appendDigits(_ value: Int, width: Int, to text: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    while divisor > 0 {
      text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }
}
