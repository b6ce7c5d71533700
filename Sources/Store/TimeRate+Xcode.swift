extension TimeRate {
  /// The rate of a raw `SKTestSession.TimeRate` value as Xcode writes it in a `.storekit` file's
  /// `_timeRate`; `nil` for the day-based rates deprecated in iOS 15.2 (1–6) and unknown values.
  public init?(xcodeRawValue: Int) {
    switch xcodeRawValue {
    case 0: self = .real
    case 10: self = .monthlyEveryHour
    case 11: self = .monthlyEveryThirtyMinutes
    case 12: self = .monthlyEveryFifteenMinutes
    case 13: self = .monthlyEveryFiveMinutes
    case 15: self = .monthlyEveryThirtySeconds
    case 1000: self = .everyFifteenMinutes
    case 1001: self = .everyFiveMinutes
    case 1002: self = .everyMinute
    case 1003: self = .everyThirtySeconds
    case 1004: self = .everyTenSeconds
    case 1005: self = .everyTwoSeconds
    default: return nil
    }
  }
}
