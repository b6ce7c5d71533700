/// A day of the proleptic Gregorian calendar: a year, a month from 1 to 12, and a day that exists
/// in that month.
///
/// Dates convert to and from a count of days since 1970-01-01 by arithmetic alone, with Howard
/// Hinnant's `days_from_civil` and `civil_from_days` algorithms: no `Calendar`, time zone or locale,
/// so a conversion costs nanoseconds. Day counts are `Int64`, so every date a `Date` can hold converts.
public struct CivilDate: Hashable, Sendable {
  /// The year; 0 is 1 BC, and negative years go on before it.
  public let year: Int
  /// The month, from 1 (January) to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// The date with these fields, if it exists.
  ///
  /// - Parameters:
  ///   - year: Any year of the proleptic Gregorian calendar.
  ///   - month: The month, 1 to 12.
  ///   - day: The day of the month.
  /// - Returns: `nil` when the month or the day does not exist (month 13, February 30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else {
      return nil
    }
    self.init(checkedYear: year, month: month, day: day)
  }

  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date a number of days after 1970-01-01 (`civil_from_days`).
  ///
  /// - Parameter days: Days since 1970-01-01; negative before it.
  public init(daysSince1970 days: Int64) {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(checkedYear: Int(year), month: Int(month), day: Int(day))
  }

  /// Days from 1970-01-01 to this date (`days_from_civil`); negative before it.
  public var daysSince1970: Int64 {
    let shiftedYear = Int64(month <= 2 ? year - 1 : year)
    let era = shiftedYear.floorDivided(by: 400)
    let yearOfEra = shiftedYear - era * 400
    let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `months` calendar months later (earlier when negative), the day clamped to the last
  /// day of the month reached: January 31 plus one month is February 28, or 29 in a leap year.
  ///
  /// - Parameter months: How many months to move.
  /// - Returns: The date that many months away.
  public func adding(months: Int) -> CivilDate {
    let monthIndex = Int64(year) * 12 + Int64(month - 1) + Int64(months)
    let year = Int(monthIndex.floorDivided(by: 12))
    let month = Int(monthIndex - Int64(year) * 12) + 1
    return CivilDate(checkedYear: year, month: month, day: min(day, Self.daysIn(month: month, year: year)))
  }

  /// How many days a month has.
  ///
  /// - Parameters:
  ///   - month: The month, 1 to 12.
  ///   - year: The year, which decides February: 29 days in leap years, else 28.
  /// - Returns: 28 to 31.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether a year has a February 29: every fourth year, but not every hundredth unless it is
  /// also a four-hundredth.
  ///
  /// - Parameter year: The year.
  /// - Returns: `true` for a leap year.
  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }
}
