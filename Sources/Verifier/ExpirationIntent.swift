/// Why a subscription expired.
///
/// The typed view of `expirationIntent` of renewal info; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum ExpirationIntent: Int32, Hashable, Sendable, Codable, CaseIterable {
  /// The customer cancelled.
  case customerCancelled = 1
  /// A billing error.
  case billingError = 2
  /// The customer did not consent to a price increase.
  case customerDidNotConsentToPriceIncrease = 3
  /// The product was not available at renewal.
  case productNotAvailable = 4
  /// Another reason.
  case other = 5
}
