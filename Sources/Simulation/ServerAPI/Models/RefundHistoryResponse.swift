/// The answer of Get Refund History (v2, and without `revision`/`hasMore` v1's
/// `RefundLookupResponse`). Apple: `RefundHistoryResponse`.
public struct RefundHistoryResponse: Codable, Hashable, Sendable {
  /// `signedTransactions`: refunded or revoked JWS transactions.
  public var signedTransactions: [String]
  /// `revision`: the token for the next page (v2 only).
  public var revision: String?
  /// `hasMore`: whether another page follows (v2 only).
  public var hasMore: Bool?

  /// Creates a response.
  public init(signedTransactions: [String], revision: String?, hasMore: Bool?) {
    self.signedTransactions = signedTransactions
    self.revision = revision
    self.hasMore = hasMore
  }
}
