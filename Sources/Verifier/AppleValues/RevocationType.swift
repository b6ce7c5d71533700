/// How a transaction was revoked.
///
/// The typed view of `revocationType` of a transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum RevocationType: String, Hashable, Sendable, Codable, CaseIterable {
  /// A full refund.
  case refundFull = "REFUND_FULL"
  /// A prorated refund.
  case refundProrated = "REFUND_PRORATED"
  /// Family Sharing access was removed.
  case familyRevoke = "FAMILY_REVOKE"
}
