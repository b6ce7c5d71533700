/// Why the App Store refunded a transaction.
///
/// The typed view of `revocationReason` of a transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum RevocationReason: Int32, Hashable, Sendable, Codable, CaseIterable {
  /// Another reason, such as an accidental purchase.
  case otherReason = 0
  /// An actual or perceived issue in the app.
  case refundedDueToIssue = 1
}
