import Catalog
import JSON

/// The members of a JSON object, read by key. Keys nobody asks for are ignored: Apple adds keys
/// over the years, and an import takes what it knows.
struct ImportJSONObject {
  /// The object itself.
  let node: ImportJSONNode
  private let members: [String: JSONValue]

  init(members: [JSONMember], node: ImportJSONNode) throws(ImportError) {
    self.node = node
    do {
      self.members = try JSONMember.table(members)
    } catch {
      throw Self.child(of: node, error.key, .null).fail("key appears twice")
    }
  }

  /// Whether the object has `key` with a value other than `null`.
  func has(_ key: String) -> Bool {
    optional(key) != nil
  }

  /// The value at `key`; an error naming the path when it is missing or `null`.
  func required(_ key: String) throws(ImportError) -> ImportJSONNode {
    guard let found = optional(key) else { throw Self.child(of: node, key, .null).fail("missing") }
    return found
  }

  /// The value at `key`, `nil` when missing or `null`.
  func optional(_ key: String) -> ImportJSONNode? {
    guard let value = members[key], value != .null else { return nil }
    return Self.child(of: node, key, value)
  }

  private static func child(of node: ImportJSONNode, _ key: String, _ value: JSONValue) -> ImportJSONNode {
    ImportJSONNode(
      value: value, path: node.path.isEmpty ? key : "\(node.path).\(key)", source: node.source)
  }
}
