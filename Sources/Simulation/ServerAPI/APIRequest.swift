/// An HTTP request to the local App Store, as the server's edge hands it over: the method, the
/// path, the decoded query and the body. Authentication has been checked already.
public struct APIRequest: Sendable {
  /// `GET`, `POST`, `PUT`.
  public var method: String
  /// The path without the query, such as `/inApps/v1/transactions/2000000000000001`.
  public var path: String
  /// The query's items, percent-decoded, in order; a repeated key appears once per value.
  public var query: [QueryItem]
  /// The body's bytes (empty when there is none).
  public var body: [UInt8]

  /// One `name=value` pair of a query.
  public struct QueryItem: Hashable, Sendable {
    /// The key.
    public var name: String
    /// The value.
    public var value: String

    /// Creates an item.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates a request.
  public init(method: String, path: String, query: [QueryItem] = [], body: [UInt8] = []) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
  }

  /// The values of a query key, in order (a repeated key gives several).
  public func values(of name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }
}
