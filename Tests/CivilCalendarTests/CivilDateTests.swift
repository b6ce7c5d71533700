import Foundation
import Testing

@testable import CivilCalendar

@Suite struct CivilDateTests {
  @Test func daysMatchFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    for days in stride(from: Int64(-40_000), through: 80_000, by: 37) {
      let expected = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days * 86_400)))
      let date = CivilDate(daysSince1970: days)
      #expect([date.year, date.month, date.day] == [expected.year, expected.month, expected.day])
      #expect(date.daysSince1970 == days)
    }
  }

  @Test(arguments: [
    (1970, 1, 1, 0), (2000, 2, 29, 11_016), (1969, 12, 31, -1), (0, 1, 1, -719_528),
    (9999, 12, 31, 2_932_896),
  ])
  func knownDays(year: Int, month: Int, day: Int, days: Int64) throws {
    let date = try #require(CivilDate(year: year, month: month, day: day))
    #expect(date.daysSince1970 == days)
    #expect(CivilDate(daysSince1970: days) == date)
  }

  @Test(arguments: [(2023, 13, 1), (2023, 0, 1), (2023, 2, 29), (2100, 2, 29), (2023, 4, 31), (2023, 1, 0)])
  func daysThatDoNotExistAreRejected(year: Int, month: Int, day: Int) {
    #expect(CivilDate(year: year, month: month, day: day) == nil)
  }

  @Test func leapYearsFollowTheGregorianRule() {
    #expect(
      [1900, 2000, 2023, 2024, 2100, 2400].map(CivilDate.isLeap) == [false, true, false, true, false, true])
    #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
  }

  @Test func addingMonthsMovesTheMonthAndClampsTheDay() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let before = CivilDate(daysSince1970: Int64.random(in: -25_000...50_000, using: &generator))
      let months = Int.random(in: -30...30, using: &generator)
      let after = before.adding(months: months)
      #expect((after.year * 12 + after.month) - (before.year * 12 + before.month) == months)
      #expect(after.day == min(before.day, CivilDate.daysIn(month: after.month, year: after.year)))
    }
  }

  @Test func leapYearsClampToTheTwentyNinth() throws {
    let january31 = try #require(CivilDate(year: 2028, month: 1, day: 31))
    #expect(january31.adding(months: 1) == CivilDate(year: 2028, month: 2, day: 29))
    #expect(january31.adding(months: 13) == CivilDate(year: 2029, month: 2, day: 28))
    #expect(january31.adding(months: -11) == CivilDate(year: 2027, month: 2, day: 28))
  }
}
