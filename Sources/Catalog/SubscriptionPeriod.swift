/// A length of time written the ISO 8601 way (`P1W`, `P1M`, `P1Y`, `P3D`), as App Store Connect
/// and StoreKit express subscription and offer periods.
public struct SubscriptionPeriod: Hashable, Sendable, CustomStringConvertible {
  /// The calendar unit of a period.
  public enum Unit: String, CaseIterable, Hashable, Sendable {
    /// Calendar days.
    case day = "D"
    /// Weeks of seven days.
    case week = "W"
    /// Calendar months.
    case month = "M"
    /// Calendar years.
    case year = "Y"
  }

  /// How many units.
  public var value: Int
  /// Which unit.
  public var unit: Unit

  /// The periods App Store Connect offers for an auto-renewable subscription.
  public static let subscriptionDurations: [SubscriptionPeriod] = [
    .init(value: 1, unit: .week), .init(value: 1, unit: .month), .init(value: 2, unit: .month),
    .init(value: 3, unit: .month), .init(value: 6, unit: .month), .init(value: 1, unit: .year),
  ]

  /// Creates a period.
  public init(value: Int, unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// Parses an ISO 8601 duration of one component, such as `P1W` or `P6M`.
  ///
  /// - Returns: `nil` when the text is not of the form `P<number><D|W|M|Y>` with a number from 1 to 999.
  public init?(iso8601 text: String) {
    guard text.count >= 3, text.first == "P", let unit = text.last.flatMap({ Unit(rawValue: String($0)) })
    else { return nil }
    let digits = text.dropFirst().dropLast()
    guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits),
      (1...999).contains(value)
    else { return nil }
    self.init(value: value, unit: unit)
  }

  /// The ISO 8601 spelling, such as `P1M`.
  public var iso8601: String { "P\(value)\(unit.rawValue)" }

  /// Words for people, such as `1 week` or `3 months`.
  public var description: String {
    let noun: String
    switch unit {
    case .day: noun = "day"
    case .week: noun = "week"
    case .month: noun = "month"
    case .year: noun = "year"
    }
    return "\(value) \(noun)\(value == 1 ? "" : "s")"
  }

  /// The period as calendar components: months for months and years, days for days and weeks.
  public var calendarComponents: (months: Int, days: Int) {
    switch unit {
    case .day: (0, value)
    case .week: (0, value * 7)
    case .month: (value, 0)
    case .year: (value * 12, 0)
    }
  }
}
