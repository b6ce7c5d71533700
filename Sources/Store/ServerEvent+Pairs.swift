extension ServerEvent.Kind {
  /// The subtypes this type comes with in Apple's table (`nil` for the type alone), as
  /// notification history filters and `notify` accept them.
  public var subtypes: [ServerEvent.Subtype?] {
    switch self {
    case .didChangeRenewalPref, .offerRedeemed: [nil, .upgrade, .downgrade]
    case .didChangeRenewalStatus: [nil, .autoRenewEnabled, .autoRenewDisabled]
    case .didFailToRenew: [nil, .gracePeriod]
    case .didRenew: [nil, .billingRecovery]
    case .expired: [.voluntary, .billingRetry, .priceIncrease, .productNotForSale]
    case .externalPurchaseToken: [.created, .activeTokenReminder, .unreported]
    case .priceIncrease: [.pending, .accepted]
    case .renewalExtension: [.summary, .failure]
    case .subscribed: [.initialBuy, .resubscribe]
    case .consumptionRequest, .gracePeriodExpired, .oneTimeCharge, .priceChange, .refund, .refundDeclined,
      .refundReversed, .renewalExtended, .rescindConsent, .revoke, .test:
      [nil]
    }
  }

  /// Whether `subtype` goes with this type in Apple's table.
  public func admits(_ subtype: ServerEvent.Subtype?) -> Bool {
    subtypes.contains(subtype)
  }
}
