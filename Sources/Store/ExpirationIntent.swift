/// Why a subscription expired, as `expiration_intent` and JWS `expirationIntent` number it.
public enum ExpirationIntent: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// The customer turned off auto-renew (or the environment stopped renewing).
  case customerCancelled = 1
  /// A billing error: the payment could not be collected before billing retry ended.
  case billingError = 2
  /// The customer did not consent to a price increase.
  case priceIncreaseDeclined = 3
  /// The product was not available for purchase at renewal.
  case productUnavailable = 4
  /// Another reason.
  case other = 5

  /// `1 (customer cancelled)`.
  public var description: String {
    let words: String
    switch self {
    case .customerCancelled: words = "customer cancelled"
    case .billingError: words = "billing error"
    case .priceIncreaseDeclined: words = "price increase declined"
    case .productUnavailable: words = "product unavailable"
    case .other: words = "other"
    }
    return "\(rawValue) (\(words))"
  }
}

extension ExpirationIntent {
  /// The subtype of the `EXPIRED` notification for this reason. Apple's table has none for other
  /// reasons (here, the calendar's end), so those read as the customer's choice.
  var notificationSubtype: ServerEvent.Subtype {
    switch self {
    case .customerCancelled, .other: .voluntary
    case .billingError: .billingRetry
    case .priceIncreaseDeclined: .priceIncrease
    case .productUnavailable: .productNotForSale
    }
  }
}
