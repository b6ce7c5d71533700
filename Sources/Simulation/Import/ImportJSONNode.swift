import Catalog
import CivilCalendar
import Foundation
import JSON

/// A JSON value of an imported artifact with its path (`latest_receipt_info[3].expires_date_ms`), so
/// every complaint says which file and where. Apple's answers write numbers and booleans as strings
/// in some places and as JSON numbers in others; the readers here accept both where real answers
/// vary.
struct ImportJSONNode {
  /// The value.
  let value: JSONValue
  /// Where it is in the document; empty for the document itself.
  let path: String
  /// The artifact, for messages.
  let source: String

  /// Parses a document.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text.
  ///   - source: The artifact, for messages.
  /// - Throws: `ImportError` naming the line and column of a syntax error.
  static func parse(_ bytes: [UInt8], source: String) throws(ImportError) -> ImportJSONNode {
    do {
      return ImportJSONNode(value: try JSONParser.parse(bytes), path: "", source: source)
    } catch {
      throw ImportError(source, "not JSON: \(error)")
    }
  }

  /// An error about this value: `PATH: reason`.
  func fail(_ reason: String) -> ImportError {
    ImportError(source, "\(path.isEmpty ? "the document" : path): \(reason)")
  }

  /// The members of an object.
  func object() throws(ImportError) -> ImportJSONObject {
    guard case .object(let members) = value else { throw fail("expected an object, found \(value.quoted)") }
    return try ImportJSONObject(members: members, node: self)
  }

  /// The elements of an array, each with its index in its path.
  func array() throws(ImportError) -> [ImportJSONNode] {
    guard case .array(let elements) = value else { throw fail("expected an array, found \(value.quoted)") }
    return elements.enumerated().map { ImportJSONNode(value: $1, path: "\(path)[\($0)]", source: source) }
  }

  /// A JSON string.
  func string() throws(ImportError) -> String {
    guard case .string(let text) = value else { throw fail("expected a string, found \(value.quoted)") }
    return text
  }

  /// A string, or a number taken as the text it was written as (`"1"` or `1`).
  func text() throws(ImportError) -> String {
    switch value {
    case .string(let text), .number(let text): return text
    case .object, .array, .bool, .null: throw fail("expected a string or a number, found \(value.quoted)")
    }
  }

  /// A whole number that is not negative, written as digits in a string or as a JSON number
  /// (`"2000000000000001"`, `1`).
  func unsigned() throws(ImportError) -> UInt64 {
    let digits = try text()
    guard let number = UInt64(digits) else { throw fail("expected a whole number, found \(value.quoted)") }
    return number
  }

  /// A whole number, possibly negative, as a string or a JSON number.
  func integer() throws(ImportError) -> Int64 {
    let digits = try text()
    guard let number = Int64(digits) else { throw fail("expected a whole number, found \(value.quoted)") }
    return number
  }

  /// A flag as Apple writes them: `true`/`false` as JSON or as strings, or `1`/`0` as numbers or
  /// strings.
  func flag() throws(ImportError) -> Bool {
    switch value {
    case .bool(let flag): return flag
    case .string(let text), .number(let text):
      switch text {
      case "true", "1": return true
      case "false", "0": return false
      default: break
      }
    case .object, .array, .null: break
    }
    throw fail("expected true, false, 1 or 0, found \(value.quoted)")
  }

  /// A date in milliseconds since 1970, as digits in a string or a JSON number (Xcode writes
  /// fractions, kept to the millisecond).
  func milliseconds() throws(ImportError) -> Date {
    let digits = try text()
    if let whole = Int64(digits) { return Date(timeIntervalSince1970: Double(whole) / 1000) }
    guard let number = Double(digits), number.isFinite else {
      throw fail("expected milliseconds since 1970, found \(value.quoted)")
    }
    return Date(timeIntervalSince1970: number.rounded(.towardZero) / 1000)
  }

  /// A date written as verifyReceipt's `KEY` form, `2026-01-01 00:00:00 Etc/GMT`.
  func gmtDate() throws(ImportError) -> Date {
    let text = try string()
    let suffix = " Etc/GMT"
    guard text.hasSuffix(suffix),
      let civil = CivilDateTime(parsing: Array(text.dropLast(suffix.count).utf8))
    else { throw fail("expected a date such as \"2026-01-01 00:00:00 Etc/GMT\", found \(value.quoted)") }
    return Date(timeIntervalSince1970: Double(civil.secondsSince1970))
  }
}
