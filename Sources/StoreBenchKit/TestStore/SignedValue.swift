import Foundation

/// A value's signed form, kept inside the value as StoreKit keeps it: the compact JWS, and the
/// payload's JSON (the value's `jsonRepresentation`).
struct SignedValue: Hashable, Sendable {
  /// The compact JWS.
  var compact: String
  /// The payload's JSON, as signed.
  var payloadJSON: Data
}
