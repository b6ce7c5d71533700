import Foundation

/// Gregorian calendar arithmetic in UTC on whole seconds, without Foundation's `Calendar`: adding a
/// month to a date a million times must cost microseconds, not milliseconds.
///
/// Days are converted with Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms.
enum UTCCalendar {
  /// The date `months` calendar months after `date`, the day clamped to the month's last day
  /// (January 31 plus one month is February 28 or 29), the time of day kept.
  static func adding(months: Int, to date: Date) -> Date {
    guard months != 0 else { return date }
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let fraction = date.timeIntervalSince1970 - Double(seconds)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let timeOfDay = seconds - days * 86_400
    let civil = civilFromDays(days)
    let monthIndex = Int64(civil.year) * 12 + Int64(civil.month - 1) + Int64(months)
    let year = Int(monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12)
    let month = Int(monthIndex - Int64(year) * 12) + 1
    let day = min(civil.day, daysInMonth(year: year, month: month))
    let newDays = daysFromCivil(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(newDays * 86_400 + timeOfDay) + fraction)
  }

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
