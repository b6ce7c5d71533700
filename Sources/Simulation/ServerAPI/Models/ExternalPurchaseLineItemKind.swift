/// The three kinds of line item an external purchase report lists, told apart by `eventType` and
/// `productType`, with the fields Apple's documentation requires and allows for each.
enum ExternalPurchaseLineItemKind: CaseIterable {
  /// `OneTimeBuyLineItem`: `eventType` `BUY`, `productType` `ONE_TIME_BUY`.
  case oneTimeBuy
  /// `SubscriptionBuyLineItem`: `eventType` `BUY`, `productType` `SUBSCRIPTION`.
  case subscriptionBuy
  /// `RefundLineItem`: `eventType` `REFUND`.
  case refund

  /// The kind of a line item; `nil` while `eventType` (or, for `BUY`, `productType`) is missing.
  ///
  /// - Throws: `4000000` for a value Apple does not list: the report is malformed.
  static func of(eventType: String?, productType: String?) throws(APIError) -> Self? {
    switch (eventType, productType) {
    case (nil, _), ("BUY", nil): return nil
    case ("REFUND", _): return .refund
    case ("BUY", "ONE_TIME_BUY"): return .oneTimeBuy
    case ("BUY", "SUBSCRIPTION"): return .subscriptionBuy
    case (_?, _): throw .generalBadRequest
    }
  }

  /// The fields every kind requires, in the order of Apple's documentation.
  static let amounts = [
    "pricingCurrency", "reportingCurrency", "amountTaxExclusive", "amountTaxInclusive",
    "netAmountTaxExclusive",
    "taxAmount", "taxCountry",
  ]

  /// The fields this kind requires, in the order of Apple's documentation.
  var required: [String] {
    switch self {
    case .oneTimeBuy:
      ["lineItemId", "creationDate"] + Self.amounts + [
        "productIdentifier", "quantity", "eventType", "productType",
      ]
    case .subscriptionBuy:
      [
        "lineItemId", "creationDate", "subscriptionEvent", "subscriptionStartDate", "subscriptionEndDate",
        "subscriptionDaysOfPaidService",
      ] + Self.amounts + ["productIdentifier", "quantity", "eventType", "productType"]
    case .refund: ["lineItemId", "referenceLineItemId", "creationDate"] + Self.amounts + ["eventType"]
    }
  }

  /// What a line item of unknown kind requires: what every kind does, and `productType` for `BUY`.
  static func required(eventType: String?) -> [String] {
    ["lineItemId", "creationDate"] + amounts + ["eventType"] + (eventType == "BUY" ? ["productType"] : [])
  }

  /// The fields `FieldNotAllowedError` names, when a kind has no such property.
  static let restricted = [
    "productType", "productIdentifier", "subscriptionEvent", "subscriptionStartDate", "subscriptionEndDate",
    "subscriptionDaysOfPaidService", "quantity", "referenceLineItemId",
  ]

  /// Whether this kind has the field among its properties.
  func allows(_ field: String) -> Bool {
    switch self {
    case .oneTimeBuy: !field.hasPrefix("subscription") && field != "referenceLineItemId"
    case .subscriptionBuy: true
    case .refund: !Self.restricted.contains(field) || field == "referenceLineItemId"
    }
  }
}
