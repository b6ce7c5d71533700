import Foundation

/// The JSON conventions of App Store signed payloads: dates as integer milliseconds since 1970,
/// sorted keys for deterministic output, slashes left unescaped.
public enum AppStoreJSON {
  /// An encoder writing dates as integer milliseconds (rounded to the nearest), keys sorted, `/` unescaped.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      guard let value = milliseconds(date) else {
        throw EncodingError.invalidValue(
          date,
          .init(codingPath: encoder.codingPath, debugDescription: "date does not fit 64-bit milliseconds"))
      }
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
    return encoder
  }

  /// A date as the App Store writes it: whole milliseconds since 1970, to the nearest (not down:
  /// a date read from whole milliseconds may sit a hair below its value); `nil` beyond 64 bits.
  static func milliseconds(_ date: Date) -> Int64? {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite else { return nil }
    return Int64(exactly: milliseconds)
  }

  /// An optional date as whole milliseconds for a payload's own writer; `nil` stays `nil`.
  ///
  /// - Throws: `EncodingError.invalidValue` for a date beyond 64-bit milliseconds.
  static func wholeMilliseconds(_ date: Date?) throws -> Int? {
    guard let date else { return nil }
    guard let value = milliseconds(date) else {
      throw EncodingError.invalidValue(
        date, .init(codingPath: [], debugDescription: "date does not fit 64-bit milliseconds"))
    }
    return Int(value)
  }

  /// A decoder reading dates as milliseconds since 1970: integers as Apple writes them, or the
  /// fractional numbers Xcode writes (truncated to the millisecond).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let milliseconds = try container.decode(Double.self).rounded(.towardZero)
      guard milliseconds.isFinite else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "date is not a finite number")
      }
      return Date(timeIntervalSince1970: milliseconds / 1000)
    }
    return decoder
  }
}
