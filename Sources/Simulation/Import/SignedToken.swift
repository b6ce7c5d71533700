/// A compact JWS found in an artifact, and where.
struct SignedToken {
  /// The compact serialization.
  var compact: String
  /// Where it was (`signedTransactions[2]`, `signedPayload.data.signedTransactionInfo`).
  var path: String
}
