import Foundation

/// A value's signed form, kept inside the value as StoreKit keeps it: the compact JWS, and the
/// payload's JSON (the value's `jsonRepresentation`).
package struct SignedValue: Hashable, Sendable {
  /// The compact JWS.
  package var compact: String
  /// The payload's JSON, as signed.
  package var payloadJSON: Data

  /// A signed form.
  package init(compact: String, payloadJSON: Data) {
    self.compact = compact
    self.payloadJSON = payloadJSON
  }
}
