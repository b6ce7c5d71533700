/// Why a transaction happened.
///
/// The typed view of `transactionReason` of a transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum TransactionReason: String, Hashable, Sendable, Codable, CaseIterable {
  /// The customer bought the product, or upgraded.
  case purchase = "PURCHASE"
  /// An auto-renewable subscription renewed.
  case renewal = "RENEWAL"
}
