/// How a subscription with a commitment is billed (App Store Server API 1.21, `billingPlanType`).
///
/// The typed view of `billingPlanType` of a transaction; payloads keep the wire value beside it, so
/// unknown values still decode.
public enum BillingPlanType: String, Hashable, Sendable, Codable, CaseIterable {
  /// The whole period charged at once.
  case billedUpFront = "BILLED_UPFRONT"
  /// A 12-month commitment charged monthly.
  case monthly = "MONTHLY"
}
