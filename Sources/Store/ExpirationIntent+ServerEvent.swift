import Vocabulary

extension ExpirationIntent {
  /// The subtype of the `EXPIRED` notification for this reason. Apple's table has none for other
  /// reasons (here, the calendar's end), so those read as the customer's choice.
  var notificationSubtype: ServerEvent.Subtype {
    switch self {
    case .customerCancelled, .other: .voluntary
    case .billingError: .billingRetry
    case .customerDidNotConsentToPriceIncrease: .priceIncrease
    case .productNotAvailable: .productNotForSale
    }
  }
}
