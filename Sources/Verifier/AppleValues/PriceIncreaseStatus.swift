/// Whether the customer accepted a subscription price increase.
///
/// The typed view of `priceIncreaseStatus` of renewal info; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum PriceIncreaseStatus: Int32, Hashable, Sendable, Codable, CaseIterable {
  /// The customer has not responded.
  case customerHasNotResponded = 0
  /// The customer consented, or was notified of an increase that needs no consent.
  case customerConsentedOrWasNotifiedWithoutNeedingConsent = 1
}
