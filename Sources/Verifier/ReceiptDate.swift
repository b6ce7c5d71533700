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
    let seconds = Int(interval)
    let days = seconds.floorDivided(by: 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilDate(fromDays: days)
    var text: [UInt8] = []
    text.reserveCapacity(length)
    appendDigits(year, width: 4, to: &text)
    text.append(UInt8(ascii: "-"))
    appendDigits(month, width: 2, to: &text)
    text.append(UInt8(ascii: "-"))
    appendDigits(day, width: 2, to: &text)
    text.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3600, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, width: 2, to: &text)
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
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else {
      return nil
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear.floorDivided(by: 400)
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
  static func civilDate(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11:
      return 30
    default:
      return 31
    }
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
