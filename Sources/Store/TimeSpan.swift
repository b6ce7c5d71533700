import Catalog
import Foundation

/// A length of time as people type it: `45s`, `15m`, `3h`, `2d`, `1w`, `1mo`, `1y`, or several at
/// once such as `1d12h`. Months and years are calendar months and years; the rest are exact. A span
/// the language accepts is at most 10,000 years long (``maximumSeconds``), so that adding it to any
/// instant the clock can show stays far inside the range of `Int64`.
public struct TimeSpan: Hashable, Sendable, CustomStringConvertible {
  /// Calendar months (a year is twelve).
  public var months: Int
  /// Exact seconds (days and weeks count 86,400 seconds a day; the clock runs in UTC).
  public var seconds: Int

  /// The longest span, in seconds: 10,000 years of 365.2425 days.
  public static let maximumSeconds = 315_569_520_000
  /// An average month (a twelfth of 365.2425 days), to weigh months against ``maximumSeconds``.
  static let averageMonthSeconds = 2_629_746

  /// Creates a span.
  public init(months: Int = 0, seconds: Int = 0) {
    self.months = months
    self.seconds = seconds
  }

  /// Why a duration could not be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was given.
    public var text: String
    /// What was wrong with it.
    public var reason: String
    /// The whole message.
    public var description: String {
      "\"\(text)\" is not a duration: \(reason) (examples: 45s, 15m, 3h, 2d, 1w, 1mo, 1y, 1d12h)"
    }
  }

  /// Parses a duration.
  ///
  /// - Throws: ``ParseError`` for empty text, a number without a unit, an unknown unit, a zero total
  ///   or a span longer than 10,000 years.
  public init(parsing text: String) throws(ParseError) {
    var months = 0
    var seconds = 0
    var rest = Substring(text)
    guard !rest.isEmpty else { throw ParseError(text: text, reason: "it is empty") }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty else { throw ParseError(text: text, reason: "expected a number at \"\(rest)\"") }
      guard digits.count <= 6, let value = Int(digits) else {
        throw ParseError(text: text, reason: "\(digits) is too large")
      }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      switch unit {
      case "s": seconds += value
      case "m": seconds += value * 60
      case "h": seconds += value * 3600
      case "d": seconds += value * 86_400
      case "w": seconds += value * 7 * 86_400
      case "mo": months += value
      case "y": months += value * 12
      case "": throw ParseError(text: text, reason: "\(value) has no unit")
      default: throw ParseError(text: text, reason: "unknown unit \"\(unit)\"")
      }
      // Checked after every part: each part is under 10^12 seconds, so no sum can overflow.
      guard TimeSpan(months: months, seconds: seconds).isWithinLimits else {
        throw ParseError(text: text, reason: "it is longer than 10000 years, the longest duration")
      }
    }
    guard months > 0 || seconds > 0 else { throw ParseError(text: text, reason: "it is zero") }
    self.init(months: months, seconds: seconds)
  }

  /// Whether the span is neither negative nor longer than 10,000 years (months counted as average
  /// months): the spans ``VirtualClock/adding(_:to:)`` accepts.
  public var isWithinLimits: Bool {
    guard months >= 0, seconds >= 0, months <= Self.maximumSeconds / Self.averageMonthSeconds else {
      return false
    }
    return seconds <= Self.maximumSeconds - months * Self.averageMonthSeconds
  }

  /// The span of one subscription or offer period.
  public init(_ period: SubscriptionPeriod) {
    let components = period.calendarComponents
    self.init(months: components.months, seconds: components.days * 86_400)
  }

  /// The shortest spelling, such as `1y2mo3d4h`.
  public var description: String {
    var parts: [String] = []
    if months / 12 > 0 { parts.append("\(months / 12)y") }
    if months % 12 > 0 { parts.append("\(months % 12)mo") }
    var rest = seconds
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
      parts.append("\(rest / size)\(unit)")
      rest %= size
    }
    return parts.isEmpty ? "0s" : parts.joined()
  }
}
