/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

extension JSONMember {
  /// A key that an object holds more than once.
  public struct DuplicateKey: Error, Hashable, Sendable {
    /// The key.
    public var key: String

    /// Creates the error for a key.
    public init(key: String) {
      self.key = key
    }
  }

  /// An object's members by key, for readers that look keys up: JSON leaves a repeated key's
  /// meaning open, so both the strict and the lenient readers refuse it.
  ///
  /// - Parameter members: The members, in source order.
  /// - Throws: ``DuplicateKey`` naming the first key that appears twice.
  /// - Returns: The value of each key.
  public static func table(_ members: [JSONMember]) throws(DuplicateKey) -> [String: JSONValue] {
    var table: [String: JSONValue] = [:]
    for member in members {
      guard table[member.key] == nil else { throw DuplicateKey(key: member.key) }
      table[member.key] = member.value
    }
    return table
  }
}
