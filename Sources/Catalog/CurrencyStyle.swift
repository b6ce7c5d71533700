/// How a storefront writes amounts of one currency: its symbol, where the symbol goes, the decimal
/// mark and the number of decimals.
struct CurrencyStyle: Sendable {
  var symbol: String?
  var symbolFirst: Bool
  var decimalComma: Bool
  var decimals: Int

  static func style(for currency: String) -> CurrencyStyle {
    switch currency {
    case "USD", "CAD", "AUD", "NZD", "MXN", "SGD", "HKD":
      .init(symbol: "$", symbolFirst: true, decimalComma: false, decimals: 2)
    case "GBP": .init(symbol: "£", symbolFirst: true, decimalComma: false, decimals: 2)
    case "EUR": .init(symbol: "€", symbolFirst: false, decimalComma: true, decimals: 2)
    case "JPY": .init(symbol: "¥", symbolFirst: true, decimalComma: false, decimals: 0)
    case "CNY": .init(symbol: "¥", symbolFirst: true, decimalComma: false, decimals: 2)
    case "KRW": .init(symbol: "₩", symbolFirst: true, decimalComma: false, decimals: 0)
    case "INR": .init(symbol: "₹", symbolFirst: true, decimalComma: false, decimals: 2)
    case "BRL": .init(symbol: "R$", symbolFirst: true, decimalComma: true, decimals: 2)
    case "CHF": .init(symbol: "CHF", symbolFirst: true, decimalComma: false, decimals: 2)
    default: .init(symbol: nil, symbolFirst: false, decimalComma: false, decimals: 2)
    }
  }
}
