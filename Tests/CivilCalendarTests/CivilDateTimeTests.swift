import Foundation
import Testing

@testable import CivilCalendar

@Suite struct CivilDateTimeTests {
  @Test func secondsMatchFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let seconds = Int64.random(in: -3_000_000_000...7_000_000_000, using: &generator)
      let expected = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
      let time = CivilDateTime(secondsSince1970: seconds)
      #expect(
        [time.date.year, time.date.month, time.date.day, time.hour, time.minute, time.second]
          == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second])
      #expect(time.secondsSince1970 == seconds)
    }
  }

  @Test func aSecondBeforeTheEpochIsTheDayBefore() throws {
    let time = CivilDateTime(secondsSince1970: -1)
    #expect(time.date == CivilDate(year: 1969, month: 12, day: 31))
    #expect([time.hour, time.minute, time.second] == [Int]([23, 59, 59]))
  }

  @Test(arguments: [(24, 0, 0), (0, 60, 0), (0, 0, 60), (-1, 0, 0)])
  func timesThatDoNotExistAreRejected(hour: Int, minute: Int, second: Int) throws {
    let date = try #require(CivilDate(year: 2026, month: 1, day: 1))
    #expect(CivilDateTime(date: date, hour: hour, minute: minute, second: second) == nil)
  }
}
