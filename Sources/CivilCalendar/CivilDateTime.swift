/// An instant in UTC to the whole second: a ``CivilDate`` and the second of that day.
///
/// Leap seconds do not exist here, as they do not in POSIX time: every day has 86,400 seconds.
public struct CivilDateTime: Hashable, Sendable {
  /// The day.
  public var date: CivilDate
  /// Seconds since midnight, from 0 to 86,399.
  public let secondOfDay: Int

  /// The hour, from 0 to 23.
  public var hour: Int { secondOfDay / 3600 }
  /// The minute, from 0 to 59.
  public var minute: Int { secondOfDay / 60 % 60 }
  /// The second, from 0 to 59.
  public var second: Int { secondOfDay % 60 }

  /// The instant at a time of day, if that time exists.
  ///
  /// - Parameters:
  ///   - date: The day.
  ///   - hour: 0 to 23.
  ///   - minute: 0 to 59.
  ///   - second: 0 to 59.
  /// - Returns: `nil` when a field is out of its range (hour 24, second 60).
  public init?(date: CivilDate, hour: Int, minute: Int, second: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
    self.date = date
    self.secondOfDay = hour * 3600 + minute * 60 + second
  }

  /// The instant a number of whole seconds after 1970-01-01T00:00:00Z.
  ///
  /// - Parameter seconds: Seconds since 1970; negative before it.
  public init(secondsSince1970 seconds: Int64) {
    let days = seconds.floorDivided(by: 86_400)
    date = CivilDate(daysSince1970: days)
    secondOfDay = Int(seconds - days * 86_400)
  }

  /// Whole seconds from 1970-01-01T00:00:00Z to this instant; negative before it.
  public var secondsSince1970: Int64 {
    date.daysSince1970 * 86_400 + Int64(secondOfDay)
  }
}
