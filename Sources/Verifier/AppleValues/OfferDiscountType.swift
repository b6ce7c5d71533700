/// How an offer discounts the price.
///
/// The typed view of `offerDiscountType` of transactions and renewal info; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum OfferDiscountType: String, Hashable, Sendable, Codable, CaseIterable {
  /// A free trial.
  case freeTrial = "FREE_TRIAL"
  /// A reduced price each period.
  case payAsYouGo = "PAY_AS_YOU_GO"
  /// A reduced price paid once for several periods.
  case payUpFront = "PAY_UP_FRONT"
  /// A one-time discount.
  case oneTime = "ONE_TIME"
}
