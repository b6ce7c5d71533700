import Foundation

extension Product {
  /// Formats a subscription period's date range as its length, such as `1 month` or `2 weeks`:
  /// what `product.subscriptionPeriodFormatStyle` gives (StoreKit's `Date.ComponentsFormatStyle`,
  /// which Linux's Foundation cannot use as a `FormatStyle`).
  public struct SubscriptionPeriodFormatStyle: FormatStyle, Sendable {
    private let localeIdentifier: String

    package init(locale: Locale) {
      localeIdentifier = locale.identifier
    }

    /// The range's length in the largest whole unit: years, months, weeks or days.
    public func format(_ value: Range<Date>) -> String {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: value.lowerBound, to: value.upperBound)
      let (count, unit): (Int, String) =
        if let years = parts.year, years > 0, parts.month == 0, parts.day == 0 {
          (years, "year")
        } else if let months = parts.month, months > 0 || (parts.year ?? 0) > 0, parts.day == 0 {
          ((parts.year ?? 0) * 12 + months, "month")
        } else {
          (Int((value.upperBound.timeIntervalSince(value.lowerBound) / 86_400).rounded()), "day")
        }
      if unit == "day", count > 0, count % 7 == 0 { return Self.words(count / 7, "week") }
      return Self.words(count, unit)
    }

    private static func words(_ count: Int, _ unit: String) -> String {
      "\(count) \(unit)\(count == 1 ? "" : "s")"
    }
  }
}
