/// The answer of Look Up Order ID. Apple: `OrderLookupResponse`.
public struct OrderLookupResponse: Codable, Hashable, Sendable {
  /// `status`: 0 for a valid order id, 1 for an invalid one.
  public var status: Int
  /// `signedTransactions`: the order's JWS transactions; absent for an invalid order id.
  public var signedTransactions: [String]?

  /// Creates a response.
  public init(status: Int, signedTransactions: [String]?) {
    self.status = status
    self.signedTransactions = signedTransactions
  }
}
