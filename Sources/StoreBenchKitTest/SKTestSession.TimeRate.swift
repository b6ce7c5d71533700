extension SKTestSession {
  /// How fast subscriptions renew in the test environment. storebench's clock makes each rate
  /// exact: a period lasts exactly its time.
  public enum TimeRate: Int, Hashable, Sendable {
    /// Real time: a month is a calendar month.
    case realTime = 0
    /// A day lasts an hour.
    @available(*, deprecated, message: "use monthlyRenewalEveryHour")
    case oneHourIsOneDay = 1
    /// A day lasts thirty minutes.
    @available(*, deprecated, message: "use monthlyRenewalEveryThirtyMinutes")
    case thirtyMinutesIsOneDay = 2
    /// A day lasts five minutes.
    @available(*, deprecated, message: "use monthlyRenewalEveryFiveMinutes")
    case fiveMinutesIsOneDay = 3
    /// A day lasts a minute.
    @available(*, deprecated, renamed: "monthlyRenewalEveryThirtyMinutes")
    case oneMinuteIsOneDay = 4
    /// A day lasts thirty seconds.
    @available(*, deprecated, renamed: "monthlyRenewalEveryFifteenMinutes")
    case thirtySecondsIsOneDay = 5
    /// A day lasts a second.
    @available(*, deprecated, renamed: "monthlyRenewalEveryThirtySeconds")
    case oneSecondIsOneDay = 6
    /// A month lasts an hour, other periods in proportion.
    case monthlyRenewalEveryHour = 10
    /// A month lasts thirty minutes.
    case monthlyRenewalEveryThirtyMinutes = 11
    /// A month lasts fifteen minutes.
    case monthlyRenewalEveryFifteenMinutes = 12
    /// A month lasts five minutes.
    case monthlyRenewalEveryFiveMinutes = 13
    /// A month lasts thirty seconds.
    case monthlyRenewalEveryThirtySeconds = 15
    /// Every period lasts fifteen minutes.
    case oneRenewalEveryFifteenMinutes = 1000
    /// Every period lasts five minutes.
    case oneRenewalEveryFiveMinutes = 1001
    /// Every period lasts a minute.
    case oneRenewalEveryMinute = 1002
    /// Every period lasts thirty seconds.
    case oneRenewalEveryThirtySeconds = 1003
    /// Every period lasts ten seconds.
    case oneRenewalEveryTenSeconds = 1004
    /// Every period lasts two seconds.
    case oneRenewalEveryTwoSeconds = 1005
  }
}
