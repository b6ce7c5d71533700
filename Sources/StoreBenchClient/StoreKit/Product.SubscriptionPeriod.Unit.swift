import Foundation

extension Product.SubscriptionPeriod {
  /// The unit of a subscription period. A real enum, as in StoreKit (whose switches end with
  /// `@unknown default:`).
  public enum Unit: Equatable, Hashable, Sendable, CustomDebugStringConvertible, Comparable {
    /// Days.
    case day
    /// Weeks.
    case week
    /// Months.
    case month
    /// Years.
    case year

    /// The unit's name.
    public var debugDescription: String {
      switch self {
      case .day: "day"
      case .week: "week"
      case .month: "month"
      case .year: "year"
      }
    }

    /// The unit's name for people.
    public var localizedDescription: String { debugDescription.capitalized }

    /// Orders units by length.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    /// The unit formatted by a style such as ``FormatStyle``.
    public func formatted<S: Foundation.FormatStyle>(_ format: S) -> S.FormatOutput
    where S.FormatInput == Self {
      format.format(self)
    }

    private var order: Int {
      switch self {
      case .day: 0
      case .week: 1
      case .month: 2
      case .year: 3
      }
    }

    /// ISO 8601's letter for the unit.
    package var designator: Character {
      switch self {
      case .day: "D"
      case .week: "W"
      case .month: "M"
      case .year: "Y"
      }
    }

    package init?(designator: Character) {
      switch designator {
      case "D": self = .day
      case "W": self = .week
      case "M": self = .month
      case "Y": self = .year
      default: return nil
      }
    }

    /// Formats a unit as its name: `day`, `week`, `month`, `year`.
    public struct FormatStyle: Foundation.FormatStyle, Sendable {
      private var localeIdentifier: String

      /// A style for the customer's locale.
      public init() {
        localeIdentifier = Locale.current.identifier
      }

      /// The unit's name.
      public func format(_ value: Product.SubscriptionPeriod.Unit) -> String {
        value.debugDescription
      }

      /// The style for another locale.
      public func locale(_ locale: Locale) -> Product.SubscriptionPeriod.Unit.FormatStyle {
        var style = self
        style.localeIdentifier = locale.identifier
        return style
      }
    }
  }
}
