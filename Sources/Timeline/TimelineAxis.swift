import CivilCalendar
import Foundation

/// The dates marked on a timeline's axis: whole hours, days, weeks, months, quarters or years,
/// the coarsest step that still gives a few marks over the time drawn.
public struct TimelineAxis: Hashable, Sendable {
  /// A distance between marks.
  enum Step: Hashable {
    case hours(Int)
    case days(Int)
    case months(Int)
  }

  /// The marked instants, in order, each inside the time drawn.
  public let ticks: [Date]
  /// Whether the marks are less than a day apart, so labels need the time of day.
  public let showsTime: Bool

  /// The axis of a timeline, with at most `maximumTicks` marks.
  public init(start: Date, end: Date, maximumTicks: Int) {
    let steps: [Step] = [
      .hours(1), .hours(6), .hours(12), .days(1), .days(7), .months(1), .months(3), .months(6), .months(12),
      .months(24), .months(60),
    ]
    let limit = max(maximumTicks, 2)
    var chosen: [Date] = [start]
    var chosenStep = Step.months(60)
    for step in steps {
      let ticks = Self.ticks(from: start, to: end, step: step, limit: limit + 1)
      if ticks.count <= limit {
        chosen = ticks
        chosenStep = step
        break
      }
    }
    ticks = chosen
    if case .hours = chosenStep { showsTime = true } else { showsTime = false }
  }

  /// The label of a mark: `2026-03-01`, or `03-01 06:00` when marks are hours apart.
  public func label(_ date: Date) -> String {
    let civil = CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    let day = civil.date
    if showsTime {
      return String(format: "%02d-%02d %02d:%02d", day.month, day.day, civil.hour, civil.minute)
    }
    return String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
  }

  /// The marks of one step, stopping once there are more than `limit`.
  private static func ticks(from start: Date, to end: Date, step: Step, limit: Int) -> [Date] {
    var ticks: [Date] = []
    var next = first(onOrAfter: start, step: step)
    while next <= end && ticks.count < limit {
      ticks.append(next)
      next = advance(next, by: step)
    }
    return ticks
  }

  private static func first(onOrAfter date: Date, step: Step) -> Date {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.up))
    let civil = CivilDateTime(secondsSince1970: seconds)
    switch step {
    case .hours(let hours):
      let unit = Int64(hours * 3600)
      return Date(timeIntervalSince1970: Double((seconds + unit - 1) / unit * unit))
    case .days(let days):
      var day = civil.date.daysSince1970 + (civil.secondOfDay > 0 ? 1 : 0)
      if days == 7 {
        // Mondays: 1970-01-05 was one.
        day += (7 - (day - 4) % 7) % 7
      }
      return Date(timeIntervalSince1970: Double(day * 86_400))
    case .months(let months):
      var month = CivilDate(year: civil.date.year, month: civil.date.month, day: 1)!
      if month.daysSince1970 * 86_400 < seconds { month = month.adding(months: 1) }
      while (month.year * 12 + month.month - 1) % months != 0 { month = month.adding(months: 1) }
      return Date(timeIntervalSince1970: Double(month.daysSince1970 * 86_400))
    }
  }

  private static func advance(_ date: Date, by step: Step) -> Date {
    switch step {
    case .hours(let hours): return date.addingTimeInterval(Double(hours * 3600))
    case .days(let days): return date.addingTimeInterval(Double(days * 86_400))
    case .months(let months):
      let civil = CivilDateTime(secondsSince1970: Int64(date.timeIntervalSince1970))
      return Date(timeIntervalSince1970: Double(civil.date.adding(months: months).daysSince1970 * 86_400))
    }
  }
}
