import Foundation
import Synchronization

/// An amount of money in one currency, kept as an exact decimal.
public struct Price: Hashable, Sendable, CustomStringConvertible {
  /// The amount, exact (never a binary floating-point value).
  public var amount: Decimal
  /// The ISO 4217 currency code, such as `USD`.
  public var currency: String

  /// Creates a price.
  public init(amount: Decimal, currency: String) {
    self.amount = amount
    self.currency = currency
  }

  /// Parses a plain decimal string (`0.99`, `120`, `1099.5`): digits with at most one dot.
  ///
  /// - Returns: `nil` for anything else, including signs, exponents, spaces and empty text.
  public static func parseAmount(_ text: String) -> Decimal? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
  }

  /// The amount with the currency's usual number of decimals and a dot, such as `0.99`.
  public var plainAmount: String { Self.plain(amount, decimals: CurrencyStyle.style(for: currency).decimals) }

  /// The amount and currency code, such as `0.99 USD`: the stable form used in logs.
  public var description: String { "\(plainAmount) \(currency)" }

  /// The price as the storefront shows it to customers, such as `$0.99`, `0,99 €` or `¥120`.
  public var formatted: String {
    let style = CurrencyStyle.style(for: currency)
    var number = Self.plain(amount, decimals: style.decimals)
    if style.decimalComma { number = number.replacingOccurrences(of: ".", with: ",") }
    guard let symbol = style.symbol else { return "\(number) \(currency)" }
    return style.symbolFirst ? "\(symbol)\(number)" : "\(number) \(symbol)"
  }

  static func plain(_ amount: Decimal, decimals: Int) -> String {
    let key = PlainKey(amount: amount, decimals: decimals)
    if let text = plainTexts.withLock({ $0[key] }) { return text }
    var value = amount
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, decimals, .bankers)
    var text = NSDecimalNumber(decimal: rounded).stringValue
    if decimals > 0 {
      let parts = text.split(separator: ".", maxSplits: 1)
      let fraction = parts.count == 2 ? String(parts[1]) : ""
      text = "\(parts[0]).\(fraction.padding(toLength: decimals, withPad: "0", startingAt: 0))"
    }
    plainTexts.withLock { texts in
      if texts.count >= 4096 { texts.removeAll(keepingCapacity: true) }
      texts[key] = text
    }
    return text
  }

  private struct PlainKey: Hashable {
    var amount: Decimal
    var decimals: Int
  }

  /// Amounts already written: Decimal's string conversion is slow, prices appear in every log line
  /// and listing, and a catalog has few distinct ones.
  private static let plainTexts = Mutex<[PlainKey: String]>([:])
}
