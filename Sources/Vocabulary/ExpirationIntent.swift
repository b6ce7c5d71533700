/// Why a subscription expired, as receipts' `expiration_intent` and renewal infos'
/// `expirationIntent` number it; the cases bear Apple's names (App Store Server API
/// `expirationIntent`).
public enum ExpirationIntent: Int, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
  /// The customer cancelled: turned off auto-renew (or the environment stopped renewing).
  case customerCancelled = 1
  /// A billing error: the payment could not be collected before billing retry ended.
  case billingError = 2
  /// The customer didn't consent to an auto-renewable subscription price increase.
  case customerDidNotConsentToPriceIncrease = 3
  /// The product wasn't available for purchase at the time of renewal.
  case productNotAvailable = 4
  /// Another reason.
  case other = 5

  /// `1 (customer cancelled)`.
  public var description: String {
    let words: String
    switch self {
    case .customerCancelled: words = "customer cancelled"
    case .billingError: words = "billing error"
    case .customerDidNotConsentToPriceIncrease: words = "price increase declined"
    case .productNotAvailable: words = "product unavailable"
    case .other: words = "other"
    }
    return "\(rawValue) (\(words))"
  }
}
