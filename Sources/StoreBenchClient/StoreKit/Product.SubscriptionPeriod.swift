import Foundation

extension Product {
  /// How long a subscription period or an offer's period lasts: a number of days, weeks, months or
  /// years.
  public struct SubscriptionPeriod: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The unit.
    public let unit: Product.SubscriptionPeriod.Unit
    /// How many units.
    public let value: Int

    package init(unit: Product.SubscriptionPeriod.Unit, value: Int) {
      self.unit = unit
      self.value = value
    }

    /// The period as ISO 8601 writes it, such as `P1M`.
    public var debugDescription: String { "P\(value)\(unit.designator)" }

    /// One week.
    public static var weekly: Product.SubscriptionPeriod { .init(unit: .week, value: 1) }
    /// One month.
    public static var monthly: Product.SubscriptionPeriod { .init(unit: .month, value: 1) }
    /// One year.
    public static var yearly: Product.SubscriptionPeriod { .init(unit: .year, value: 1) }
    /// Three days.
    public static var everyThreeDays: Product.SubscriptionPeriod { .init(unit: .day, value: 3) }
    /// Two weeks.
    public static var everyTwoWeeks: Product.SubscriptionPeriod { .init(unit: .week, value: 2) }
    /// Two months.
    public static var everyTwoMonths: Product.SubscriptionPeriod { .init(unit: .month, value: 2) }
    /// Three months.
    public static var everyThreeMonths: Product.SubscriptionPeriod { .init(unit: .month, value: 3) }
    /// Six months.
    public static var everySixMonths: Product.SubscriptionPeriod { .init(unit: .month, value: 6) }

    /// The dates one period covers from a date, in the Gregorian calendar.
    ///
    /// - Parameter referenceDate: Where the period starts; now by default.
    public func dateRange(referenceDate: Date = .now) -> Range<Date> {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let end =
        calendar.date(byAdding: DateComponents(subscriptionPeriod: self), to: referenceDate) ?? referenceDate
      return referenceDate..<max(end, referenceDate)
    }

    /// The period formatted by a style that formats date ranges, such as
    /// `product.subscriptionPeriodFormatStyle`.
    public func formatted<S: FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S.FormatInput == Range<Date> {
      format.format(dateRange(referenceDate: referenceDate))
    }

    /// The period formatted by a style that formats durations, such as
    /// `.units(allowed: [.days])`.
    public func formatted<S: FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S.FormatInput == Duration {
      let range = dateRange(referenceDate: referenceDate)
      return format.format(.seconds(range.upperBound.timeIntervalSince(range.lowerBound)))
    }

    /// The period in ISO 8601 (`P1M`, `P2W`), if it is one.
    package init?(iso8601 text: String) {
      guard text.count >= 3, text.first == "P", let unit = Unit(designator: text.last!),
        let value = Int(text.dropFirst().dropLast()), value > 0
      else { return nil }
      self.init(unit: unit, value: value)
    }
  }
}

extension DateComponents {
  /// The date components of a subscription period: days, weeks of the year, months or years.
  public init(subscriptionPeriod period: Product.SubscriptionPeriod) {
    switch period.unit {
    case .day: self.init(day: period.value)
    case .week: self.init(weekOfYear: period.value)
    case .month: self.init(month: period.value)
    case .year: self.init(year: period.value)
    }
  }
}
