/// How the next renewal, or the next commitment, is billed (App Store Server API 1.21,
/// `renewalBillingPlanType` and `commitmentRenewalBillingPlanType`).
///
/// The typed view of those fields of renewal info; payloads keep the wire value beside it, so
/// unknown values still decode.
public enum RenewalBillingPlanType: String, Hashable, Sendable, Codable, CaseIterable {
  /// The whole period charged at once.
  case billedUpFront = "BILLED_UPFRONT"
  /// A 12-month commitment charged monthly.
  case monthly = "MONTHLY"
}
