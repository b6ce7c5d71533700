extension CivilDateTime {
  /// The instant as `YYYY-MM-DD` + `separator` + `HH:MM:SS` + `suffix`, such as
  /// `2026-01-01T00:00:00Z` or `2026-01-01 00:00:00`. Years are written with at least four digits.
  ///
  /// Written digit by digit: no locale, no format string, cheap enough for thousands of dates.
  public func utf8(separator: UInt8 = UInt8(ascii: "T"), suffix: String = "Z") -> [UInt8] {
    Array(formatted(separator: separator, suffix: suffix).utf8)
  }

  /// ``utf8(separator:suffix:)`` as a string, written in place: one allocation, or none when it is
  /// short enough for a small string.
  public func formatted(separator: UInt8 = UInt8(ascii: "T"), suffix: String = "Z") -> String {
    let year = abs(date.year)
    let yearWidth = max(4, Self.digitCount(year))
    var suffix = suffix
    let length = (date.year < 0 ? 1 : 0) + yearWidth + 15 + suffix.utf8.count
    return suffix.withUTF8 { suffixBytes in
      String(unsafeUninitializedCapacity: length) { text in
        var at = 0
        func put(_ byte: UInt8) {
          text[at] = byte
          at += 1
        }
        func put(_ value: Int, width: Int) {
          var rest = value
          for place in stride(from: at + width - 1, through: at, by: -1) {
            text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
          }
          at += width
        }
        if date.year < 0 { put(UInt8(ascii: "-")) }
        put(year, width: yearWidth)
        put(UInt8(ascii: "-"))
        put(date.month, width: 2)
        put(UInt8(ascii: "-"))
        put(date.day, width: 2)
        put(separator)
        put(hour, width: 2)
        put(UInt8(ascii: ":"))
        put(minute, width: 2)
        put(UInt8(ascii: ":"))
        put(second, width: 2)
        for byte in suffixBytes { put(byte) }
        return at
      }
    }
  }

  /// How many decimal digits a non-negative number has.
  private static func digitCount(_ value: Int) -> Int {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
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
}
