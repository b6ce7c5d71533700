import Catalog

/// How long subscription periods last: as the catalog says, at the sandbox's accelerated rate, or at
/// one of Xcode's StoreKit Testing rates (`SKTestSession.TimeRate`).
public enum TimeRate: String, CaseIterable, Hashable, Sendable {
  /// Catalog periods: a month is a calendar month.
  case real
  /// The App Store sandbox: 1 week → 3 min, 1 month → 5 min, 2 months → 10 min, 3 months → 15 min,
  /// 6 months → 30 min, 1 year → 1 h; renewal stops after 12 renewals.
  case sandbox
  /// Xcode `oneRenewalEveryTwoSeconds`: every period lasts 2 s.
  case everyTwoSeconds = "every-2s"
  /// Xcode `oneRenewalEveryTenSeconds`.
  case everyTenSeconds = "every-10s"
  /// Xcode `oneRenewalEveryThirtySeconds`.
  case everyThirtySeconds = "every-30s"
  /// Xcode `oneRenewalEveryMinute`.
  case everyMinute = "every-1m"
  /// Xcode `oneRenewalEveryFiveMinutes`.
  case everyFiveMinutes = "every-5m"
  /// Xcode `oneRenewalEveryFifteenMinutes`.
  case everyFifteenMinutes = "every-15m"
  /// Xcode `monthlyRenewalEveryThirtySeconds`: 10 s / 30 s / 1 min / 1 min 30 s / 3 min / 6 min.
  case monthlyEveryThirtySeconds = "monthly-30s"
  /// Xcode `monthlyRenewalEveryFiveMinutes`: the sandbox table, without its renewal cap.
  case monthlyEveryFiveMinutes = "monthly-5m"
  /// Xcode `monthlyRenewalEveryFifteenMinutes`: a week is 5 min, a month 15 min, and so on in proportion.
  case monthlyEveryFifteenMinutes = "monthly-15m"
  /// Xcode `monthlyRenewalEveryThirtyMinutes`: 10 min / 30 min / 1 h / 1 h 30 / 3 h / 6 h.
  case monthlyEveryThirtyMinutes = "monthly-30m"
  /// Xcode `monthlyRenewalEveryHour`: 15 min / 1 h / 2 h / 3 h / 6 h / 12 h.
  case monthlyEveryHour = "monthly-1h"
  /// Xcode `oneHourIsOneDay` (deprecated in iOS 15.2): a day lasts an hour, a month 30 hours.
  case dayIsOneHour = "day-1h"
  /// Xcode `thirtyMinutesIsOneDay` (deprecated in iOS 15.2).
  case dayIsThirtyMinutes = "day-30m"
  /// Xcode `fiveMinutesIsOneDay` (deprecated in iOS 15.2).
  case dayIsFiveMinutes = "day-5m"
  /// Xcode `oneMinuteIsOneDay` (deprecated in iOS 15.2).
  case dayIsOneMinute = "day-1m"
  /// Xcode `thirtySecondsIsOneDay` (deprecated in iOS 15.2).
  case dayIsThirtySeconds = "day-30s"
  /// Xcode `oneSecondIsOneDay` (deprecated in iOS 15.2): a day lasts a second, a month 30 seconds.
  case dayIsOneSecond = "day-1s"

  /// How many renewals a subscription gets before renewal stops, where the environment caps them.
  public var renewalCap: Int? { self == .sandbox ? 12 : nil }

  /// How long one period lasts at this rate.
  public func span(of period: SubscriptionPeriod) -> TimeSpan {
    switch self {
    case .real: TimeSpan(period)
    case .everyTwoSeconds: TimeSpan(seconds: 2 * period.value)
    case .everyTenSeconds: TimeSpan(seconds: 10 * period.value)
    case .everyThirtySeconds: TimeSpan(seconds: 30 * period.value)
    case .everyMinute: TimeSpan(seconds: 60 * period.value)
    case .everyFiveMinutes: TimeSpan(seconds: 300 * period.value)
    case .everyFifteenMinutes: TimeSpan(seconds: 900 * period.value)
    case .sandbox, .monthlyEveryFiveMinutes: scaled(period, week: 180, month: 300)
    case .monthlyEveryThirtySeconds: scaled(period, week: 10, month: 30)
    case .monthlyEveryFifteenMinutes: scaled(period, week: 300, month: 900)
    case .monthlyEveryThirtyMinutes: scaled(period, week: 600, month: 1800)
    case .monthlyEveryHour: scaled(period, week: 900, month: 3600)
    case .dayIsOneHour: days(period, second: 3600)
    case .dayIsThirtyMinutes: days(period, second: 1800)
    case .dayIsFiveMinutes: days(period, second: 300)
    case .dayIsOneMinute: days(period, second: 60)
    case .dayIsThirtySeconds: days(period, second: 30)
    case .dayIsOneSecond: days(period, second: 1)
    }
  }

  /// How long Apple keeps retrying a failed renewal: 60 days, or two periods at accelerated rates.
  public func billingRetrySpan(for period: SubscriptionPeriod) -> TimeSpan {
    guard self != .real else { return TimeSpan(seconds: 60 * 86_400) }
    return TimeSpan(seconds: 2 * span(of: period).seconds)
  }

  /// How long a grace period configured as `days` lasts: as configured, or one period at
  /// accelerated rates (as Xcode's fixed rates do).
  public func graceSpan(days: Int, for period: SubscriptionPeriod) -> TimeSpan {
    guard self != .real else { return TimeSpan(seconds: days * 86_400) }
    return span(of: period)
  }

  /// A period in days (a month is 30, a year 365), each day lasting `second` seconds.
  private func days(_ period: SubscriptionPeriod, second: Int) -> TimeSpan {
    let days =
      switch period.unit {
      case .day: 1
      case .week: 7
      case .month: 30
      case .year: 365
      }
    return TimeSpan(seconds: days * period.value * second)
  }

  /// A day is scaled like a week divided by seven; months and years by the month's length.
  private func scaled(_ period: SubscriptionPeriod, week: Int, month: Int) -> TimeSpan {
    switch period.unit {
    case .day: TimeSpan(seconds: max(1, week * period.value / 7))
    case .week: TimeSpan(seconds: week * period.value)
    case .month: TimeSpan(seconds: month * period.value)
    case .year: TimeSpan(seconds: month * 12 * period.value)
    }
  }
}
