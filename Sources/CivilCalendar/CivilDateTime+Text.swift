extension CivilDateTime {
  /// The instant as `YYYY-MM-DD` + `separator` + `HH:MM:SS` + `suffix`, such as
  /// `2026-01-01T00:00:00Z` or `2026-01-01 00:00:00`. Years are written with at least four digits.
  ///
  /// Written digit by digit: no locale, no format string, cheap enough for thousands of dates.
  public func utf8(separator: UInt8 = UInt8(ascii: "T"), suffix: String = "Z") -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(19 + suffix.utf8.count)
    if date.year < 0 { text.append(UInt8(ascii: "-")) }
    Self.append(abs(date.year), width: 4, to: &text)
    text.append(UInt8(ascii: "-"))
    Self.append(date.month, width: 2, to: &text)
    text.append(UInt8(ascii: "-"))
    Self.append(date.day, width: 2, to: &text)
    text.append(separator)
    Self.append(hour, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    Self.append(minute, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    Self.append(second, width: 2, to: &text)
    text.append(contentsOf: suffix.utf8)
    return text
  }

  /// ``utf8(separator:suffix:)`` as a string.
  public func formatted(separator: UInt8 = UInt8(ascii: "T"), suffix: String = "Z") -> String {
    String(decoding: utf8(separator: separator, suffix: suffix), as: UTF8.self)
  }

  /// Reads `YYYY-MM-DD`, optionally followed by `T` or a space and `HH:MM` or `HH:MM:SS`, then
  /// optionally `Z`: the forms people type and files carry, all in UTC.
  ///
  /// - Returns: `nil` when the text is none of these or names no real instant (month 13,
  ///   February 30, hour 24).
  public init?(parsing text: some Collection<UInt8>) {
    var bytes = Array(text)
    if bytes.count > 10, bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
    guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19,
      bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
      let day = Self.number(bytes[8..<10]), let date = CivilDate(year: year, month: month, day: day)
    else { return nil }
    guard bytes.count > 10 else {
      self.init(date: date, hour: 0, minute: 0, second: 0)
      return
    }
    guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
      let hour = Self.number(bytes[11..<13]), let minute = Self.number(bytes[14..<16])
    else { return nil }
    var second = 0
    if bytes.count == 19 {
      guard bytes[16] == UInt8(ascii: ":"), let seconds = Self.number(bytes[17..<19]) else { return nil }
      second = seconds
    }
    self.init(date: date, hour: hour, minute: minute, second: second)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  private static func append(_ value: Int, width: Int, to text: inout [UInt8]) {
    var divisor = 1
    var digits = 1
    while digits < width || value / divisor >= 10 {
      divisor *= 10
      digits += 1
    }
    while divisor > 0 {
      text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }
}
