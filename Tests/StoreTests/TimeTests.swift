import Foundation
import Testing

@testable import Store

@Suite struct TimeTests {
  @Test(arguments: [
    ("45s", TimeSpan(seconds: 45)), ("15m", TimeSpan(seconds: 900)), ("3h", TimeSpan(seconds: 10_800)),
    ("2d", TimeSpan(seconds: 172_800)), ("1w", TimeSpan(seconds: 604_800)), ("1mo", TimeSpan(months: 1)),
    ("1y", TimeSpan(months: 12)), ("1d12h", TimeSpan(seconds: 129_600)),
    ("1y2mo3d", TimeSpan(months: 14, seconds: 259_200)),
  ])
  func durationsParse(text: String, span: TimeSpan) throws {
    #expect(try TimeSpan(parsing: text) == span)
  }

  @Test(arguments: ["", "5", "m", "3x", "1d 2h", "0s", "-1d", "1.5h", "9999999d", "999999y"])
  func malformedDurationsAreRejected(_ text: String) {
    #expect(throws: TimeSpan.ParseError.self) { try TimeSpan(parsing: text) }
  }

  @Test func durationErrorsExplainThemselves() {
    #expect(throws: TimeSpan.ParseError(text: "3x", reason: "unknown unit \"x\"")) {
      try TimeSpan(parsing: "3x")
    }
  }

  @Test(arguments: [
    ("2026-01-31", 1, "2026-02-28T00:00:00Z"), ("2026-01-31", 12, "2027-01-31T00:00:00Z"),
    ("2028-01-31", 1, "2028-02-29T00:00:00Z"), ("2028-01-31", 13, "2029-02-28T00:00:00Z"),
  ])
  func monthsAreCalendarMonthsClampedToTheMonthsEnd(start: String, months: Int, expected: String) throws {
    let date = try #require(Timestamp.parse(start))
    #expect(VirtualClock.adding(TimeSpan(months: months), to: date).map(Timestamp.iso8601) == expected)
  }

  @Test func addingMonthsMovesTheMonthClampsTheDayAndKeepsTheTimeOfDay() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
    func monthNumber(_ fields: DateComponents) -> Int { (fields.year ?? 0) * 12 + (fields.month ?? 0) }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let seconds = Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator)
      let months = Int.random(in: -30...30, using: &generator)
      let date = Date(timeIntervalSince1970: Double(seconds) + 0.25)
      let result = VirtualClock.adding(months: months, to: date)
      let before = calendar.dateComponents(fields, from: date)
      let after = calendar.dateComponents(fields, from: result)
      let lastDay = try #require(calendar.range(of: .day, in: .month, for: result)).count
      #expect(monthNumber(after) - monthNumber(before) == months)
      #expect(after.day == before.day.map { min($0, lastDay) })
      #expect([after.hour, after.minute, after.second] == [before.hour, before.minute, before.second])
      #expect(result.timeIntervalSince1970 - result.timeIntervalSince1970.rounded(.down) == 0.25)
    }
  }

  @Test(arguments: [
    ("10000y", true), ("120000mo", true), ("521775w", true), ("9999y365d", true),
    ("10001y", false), ("120001mo", false), ("521776w", false), ("9999y366d", false), ("999999y", false),
  ])
  func durationsAreAtMost10000Years(text: String, accepted: Bool) {
    #expect(((try? TimeSpan(parsing: text)) != nil) == accepted, "\(text)")
    if !accepted {
      #expect(
        throws: TimeSpan.ParseError(text: text, reason: "it is longer than 10000 years, the longest duration")
      ) { try TimeSpan(parsing: text) }
    }
  }

  @Test func aDurationOfManyPartsCannotOverflow() {
    let text = String(repeating: "999999w", count: 10_000)
    #expect(throws: TimeSpan.ParseError.self) { try TimeSpan(parsing: text) }
  }

  @Test func theClockEndsAt9999() throws {
    let last = try #require(Timestamp.parse("9999-12-31T23:59:59Z"))
    #expect(last == VirtualClock.latest)
    let start = try #require(Timestamp.parse("9999-12-31T23:59:58Z"))
    #expect(VirtualClock.adding(TimeSpan(seconds: 1), to: start) == last)
    #expect(VirtualClock.adding(TimeSpan(seconds: 2), to: start) == nil)
    #expect(VirtualClock.adding(TimeSpan(months: 1), to: start) == nil)
    #expect(VirtualClock.addingUpToLatest(TimeSpan(months: 12), to: start) == last)
    let epoch = VirtualClock.earliest
    #expect(VirtualClock.adding(try TimeSpan(parsing: "10000y"), to: epoch) == nil)
    #expect(VirtualClock.adding(TimeSpan(months: -1), to: epoch) == nil)
    #expect(VirtualClock.adding(TimeSpan(seconds: 1), to: Date(timeIntervalSince1970: 1e15)) == nil)
    #expect(VirtualClock.adding(TimeSpan(months: .max), to: epoch) == nil)
    #expect(VirtualClock.adding(TimeSpan(seconds: .max), to: epoch) == nil)
  }

  @Test func theClockStartsOnNewYear2026() {
    #expect(Timestamp.iso8601(VirtualClock().now) == "2026-01-01T00:00:00Z")
    #expect(Timestamp.log(VirtualClock().now) == "2026-01-01 00:00:00")
  }

  @Test func timestampsParseInTheirForms() {
    #expect(Timestamp.parse("2026-03-01").map(Timestamp.iso8601) == "2026-03-01T00:00:00Z")
    #expect(Timestamp.parse("2026-03-01T12:30:00Z").map(Timestamp.iso8601) == "2026-03-01T12:30:00Z")
    #expect(Timestamp.parse("2026-03-01 12:30").map(Timestamp.iso8601) == "2026-03-01T12:30:00Z")
    for bad in ["2026-02-30", "2026-13-01", "tomorrow", "2026-01-01T25:00:00Z", ""] {
      #expect(Timestamp.parse(bad) == nil, "\(bad)")
    }
  }

  @Test func theSchedulerPopsInDueOrderAndFIFOWithinAnInstant() {
    var scheduler = Scheduler<String>()
    let start = VirtualClock.defaultStart
    scheduler.schedule("c", at: start.addingTimeInterval(30))
    scheduler.schedule("a1", at: start.addingTimeInterval(10))
    scheduler.schedule("b", at: start.addingTimeInterval(20))
    scheduler.schedule("a2", at: start.addingTimeInterval(10))
    var popped: [String] = []
    while let event = scheduler.popDue(notAfter: start.addingTimeInterval(25)) {
      popped.append(event.payload)
    }
    #expect(popped == ["a1", "a2", "b"])
    #expect(scheduler.count == 1)
    #expect(scheduler.nextDue == start.addingTimeInterval(30))
  }

  @Test func theSchedulerStaysOrderedUnderManyRandomInsertsAndRemovals() {
    var scheduler = Scheduler<Int>()
    var generator = SystemRandomNumberGenerator()
    let start = VirtualClock.defaultStart
    for value in 0..<2_000 {
      scheduler.schedule(
        value, at: start.addingTimeInterval(Double(Int.random(in: 0..<500, using: &generator))))
    }
    scheduler.removeAll { $0 % 3 == 0 }
    var last = start
    var count = 0
    while let event = scheduler.popDue(notAfter: .distantFuture) {
      #expect(event.due >= last)
      #expect(event.payload % 3 != 0)
      last = event.due
      count += 1
    }
    #expect(count == (0..<2_000).filter { $0 % 3 != 0 }.count)
  }
}
