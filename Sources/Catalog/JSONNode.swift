import Foundation
import JSON

/// A JSON value together with its path in the document, so every complaint about it can say where
/// it is (`products[2].price`).
struct JSONNode {
  let value: JSONValue
  let path: String

  func fail(_ reason: String) -> CatalogError {
    CatalogError(location: path, reason: reason)
  }

  func object() throws(CatalogError) -> JSONObjectReader {
    guard case .object(let members) = value else { throw fail("expected an object, found \(value.quoted)") }
    return try JSONObjectReader(members: members, path: path)
  }

  func array() throws(CatalogError) -> [JSONNode] {
    guard case .array(let elements) = value else { throw fail("expected an array, found \(value.quoted)") }
    return elements.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]") }
  }

  func string() throws(CatalogError) -> String {
    guard case .string(let text) = value else { throw fail("expected a string, found \(value.quoted)") }
    return text
  }

  func nonEmptyString() throws(CatalogError) -> String {
    let text = try string()
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail("must not be empty") }
    return text
  }

  func bool() throws(CatalogError) -> Bool {
    guard case .bool(let flag) = value else { throw fail("expected true or false, found \(value.quoted)") }
    return flag
  }

  func integer(in range: ClosedRange<Int>) throws(CatalogError) -> Int {
    guard case .number(let text) = value, let number = Int(text) else {
      throw fail("expected a whole number, found \(value.quoted)")
    }
    guard range.contains(number) else {
      throw fail("\(number) is out of range (\(range.lowerBound) to \(range.upperBound))")
    }
    return number
  }

  /// A number as written, such as `743722291.47`.
  func numberText() throws(CatalogError) -> String {
    guard case .number(let text) = value else { throw fail("expected a number, found \(value.quoted)") }
    return text
  }

  /// A price amount: a JSON string holding a plain decimal, such as `"0.99"`.
  func decimalAmount() throws(CatalogError) -> Decimal {
    guard case .string(let text) = value else {
      throw fail("expected a decimal string such as \"0.99\", found \(value.quoted)")
    }
    guard let amount = Price.parseAmount(text) else { throw fail("\"\(text)\" is not a decimal") }
    return amount
  }

  func period() throws(CatalogError) -> SubscriptionPeriod {
    let text = try string()
    guard let period = SubscriptionPeriod(iso8601: text) else {
      throw fail("\"\(text)\" is not an ISO 8601 period such as P1W, P1M or P1Y")
    }
    return period
  }
}

/// The members of a JSON object, read by key; keys nobody asked for are reported as unknown.
struct JSONObjectReader {
  let path: String
  private let members: [String: JSONValue]
  private let order: [String]

  init(members: [JSONMember], path: String) throws(CatalogError) {
    self.path = path
    do {
      self.members = try JSONMember.table(members)
    } catch {
      throw CatalogError(location: childPath(path, error.key), reason: "key appears twice")
    }
    self.order = members.map(\.key)
  }

  func required(_ key: String) throws(CatalogError) -> JSONNode {
    guard let node = optional(key) else {
      throw CatalogError(location: childPath(path, key), reason: "missing")
    }
    return node
  }

  func optional(_ key: String) -> JSONNode? {
    guard let value = members[key], value != .null else { return nil }
    return JSONNode(value: value, path: childPath(path, key))
  }

  /// The members in source order, as nodes.
  var entries: [(key: String, node: JSONNode)] {
    order.map { ($0, JSONNode(value: members[$0]!, path: childPath(path, $0))) }
  }

  /// Fails on the first key that is not among `known`, naming it and what is allowed.
  func rejectUnknownKeys(_ known: [String]) throws(CatalogError) {
    for key in order where !known.contains(key) {
      throw CatalogError(
        location: childPath(path, key),
        reason: "unknown key (expected one of: \(known.joined(separator: ", ")))")
    }
  }
}

private func childPath(_ path: String, _ key: String) -> String {
  path.isEmpty ? key : "\(path).\(key)"
}
