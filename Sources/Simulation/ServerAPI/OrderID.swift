/// Apple-shaped order identifiers (`MQ7X2K9RPL`: ten characters of A–Z and 0–9), one for every
/// purchase, derived from its transaction number by a bijection, so that Look Up Order ID finds
/// the transaction without a table.
///
/// The number `n` maps to `(n × A + B) mod 36¹⁰`, written in base 36 with ten digits; `A` is prime
/// to 36, so the map is invertible with `A`'s inverse modulo 36¹⁰.
public enum OrderID {
  private static let modulus: UInt64 = 3_656_158_440_062_976  // 36^10
  private static let multiplier: UInt64 = 1_103_518_555_545_743
  private static let inverse: UInt64 = 1_163_868_198_633_071
  private static let offset: UInt64 = 1_234_567_890_123_457
  private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

  /// The order id of a transaction number, or `nil` for a number beyond 36¹⁰.
  public static func make(for number: UInt64) -> String? {
    guard number < modulus else { return nil }
    var value = (multiply(number, multiplier) + offset) % modulus
    var text = [UInt8](repeating: 0, count: 10)
    for position in (0..<10).reversed() {
      text[position] = digits[Int(value % 36)]
      value /= 36
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The transaction number an order id stands for, or `nil` when the text is not ten characters
  /// of A–Z and 0–9.
  public static func transactionNumber(of orderId: String) -> UInt64? {
    let bytes = Array(orderId.utf8)
    guard bytes.count == 10 else { return nil }
    var value: UInt64 = 0
    for byte in bytes {
      guard let digit = digits.firstIndex(of: byte) else { return nil }
      value = value * 36 + UInt64(digit)
    }
    return multiply((value + modulus - offset) % modulus, inverse)
  }

  /// `a × b mod 36¹⁰` without overflow.
  private static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return modulus.dividingFullWidth((product.high, product.low)).remainder
  }
}
