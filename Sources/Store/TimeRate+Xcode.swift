extension TimeRate {
  /// The rate of a raw `SKTestSession.TimeRate` value as Xcode writes it in a `.storekit` file's
  /// `_timeRate`; `nil` for unknown values.
  public init?(xcodeRawValue: Int) {
    switch xcodeRawValue {
    case 0: self = .real
    case 1: self = .dayIsOneHour
    case 2: self = .dayIsThirtyMinutes
    case 3: self = .dayIsFiveMinutes
    case 4: self = .dayIsOneMinute
    case 5: self = .dayIsThirtySeconds
    case 6: self = .dayIsOneSecond
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

  /// The raw `SKTestSession.TimeRate` value of the rate; the sandbox's has none (Xcode's own
  /// `monthlyRenewalEveryFiveMinutes`, 13, renews without the sandbox's cap).
  public var xcodeRawValue: Int? {
    (0...1005).first { TimeRate(xcodeRawValue: $0) == self }
  }
}
