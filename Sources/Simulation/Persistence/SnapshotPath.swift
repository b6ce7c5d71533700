import Crypto
import Foundation

/// Reading a saved world's values into the models' types, each failure naming its JSON path.
enum SnapshotPath {
  /// A raw value's typed view.
  ///
  /// - Throws: ``WorldFileError`` at `path` naming the value and what was expected.
  static func parse<T: RawRepresentable & CaseIterable>(
    _ raw: T.RawValue, as type: T.Type, at path: String
  ) throws(WorldFileError) -> T {
    guard let value = T(rawValue: raw) else {
      let known = T.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
      throw WorldFileError(path: path, reason: "unknown value \(raw) (expected one of: \(known))")
    }
    return value
  }

  /// An optional raw value's typed view.
  ///
  /// - Throws: ``WorldFileError`` at `path` when a value is there and unknown.
  static func parse<T: RawRepresentable & CaseIterable>(
    optional raw: T.RawValue?, as type: T.Type, at path: String
  ) throws(WorldFileError) -> T? {
    guard let raw else { return nil }
    return try parse(raw, as: type, at: path)
  }

  /// A transaction or line item identifier, written as a decimal string.
  static func number(_ text: String, at path: String) throws(WorldFileError) -> UInt64 {
    guard !text.isEmpty, text.allSatisfy(\.isASCII), let number = UInt64(text) else {
      throw WorldFileError(path: path, reason: "\"\(text)\" is not an identifier such as 2000000000000001")
    }
    return number
  }

  /// An optional identifier, written as a decimal string when there is one.
  static func number(optional text: String?, at path: String) throws(WorldFileError) -> UInt64? {
    guard let text else { return nil }
    return try number(text, at: path)
  }

  /// A decimal amount, written as a string such as `4.99`.
  static func decimal(_ text: String, at path: String) throws(WorldFileError) -> Decimal {
    guard let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), "\(amount)" == text
    else {
      throw WorldFileError(path: path, reason: "\"\(text)\" is not a decimal amount such as 4.99")
    }
    return amount
  }

  /// An instant, written as seconds since 1970.
  static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

  /// A P-256 public key written as X9.63 (uncompressed point) in base64.
  ///
  /// - Throws: ``WorldFileError`` at `path` when it is not one.
  static func publicKey(_ text: String, at path: String) throws(WorldFileError) -> P256.Signing.PublicKey {
    guard let bytes = Data(base64Encoded: text),
      let key = try? P256.Signing.PublicKey(x963Representation: bytes)
    else { throw WorldFileError(path: path, reason: "not a P-256 public key in base64 (X9.63)") }
    return key
  }
}

extension Date {
  /// Seconds since 1970, as a saved world writes instants.
  var secondsSince1970: Double { timeIntervalSince1970 }

}
