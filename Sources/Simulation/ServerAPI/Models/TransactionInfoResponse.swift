/// The answer of Get Transaction Info. Apple: `TransactionInfoResponse`.
public struct TransactionInfoResponse: Codable, Hashable, Sendable {
  /// `signedTransactionInfo`: the JWS transaction.
  public var signedTransactionInfo: String

  /// Creates a response.
  public init(signedTransactionInfo: String) {
    self.signedTransactionInfo = signedTransactionInfo
  }
}
