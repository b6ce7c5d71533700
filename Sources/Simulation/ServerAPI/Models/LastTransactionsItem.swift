/// A subscription's status and latest signed transaction and renewal info. Apple:
/// `LastTransactionsItem`.
public struct LastTransactionsItem: Codable, Hashable, Sendable {
  /// `status`: 1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked.
  public var status: Int
  /// `originalTransactionId`: the subscription's original transaction.
  public var originalTransactionId: String
  /// `signedTransactionInfo`: the latest period's JWS transaction.
  public var signedTransactionInfo: String
  /// `signedRenewalInfo`: the JWS renewal info.
  public var signedRenewalInfo: String

  /// Creates an item.
  public init(
    status: Int, originalTransactionId: String, signedTransactionInfo: String, signedRenewalInfo: String
  ) {
    self.status = status
    self.originalTransactionId = originalTransactionId
    self.signedTransactionInfo = signedTransactionInfo
    self.signedRenewalInfo = signedRenewalInfo
  }
}
