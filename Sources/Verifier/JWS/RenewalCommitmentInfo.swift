import Foundation

/// What happens when a commitment billed monthly ends, as Apple names it (App Store Server API 1.21,
/// `RenewalCommitmentInfo`): whether a new commitment starts, for which product, billed how, when
/// and at what price.
public struct RenewalCommitmentInfo: Hashable, Sendable, Codable {
  /// The product the next commitment is for.
  public var commitmentAutoRenewProductId: String?
  /// Whether a new commitment starts when this one ends. The wire value of
  /// `commitmentAutoRenewStatus`.
  public var rawCommitmentAutoRenewStatus: Int32?
  /// Whether a new commitment starts when this one ends. `nil` when absent or a value this model
  /// does not know.
  public var commitmentAutoRenewStatus: AutoRenewStatus? {
    get { rawCommitmentAutoRenewStatus.flatMap(AutoRenewStatus.init(rawValue:)) }
    set { rawCommitmentAutoRenewStatus = newValue?.rawValue }
  }
  /// How the next commitment is billed. The wire value of `commitmentRenewalBillingPlanType`.
  public var rawCommitmentRenewalBillingPlanType: String?
  /// How the next commitment is billed. `nil` when absent or a value this model does not know.
  public var commitmentRenewalBillingPlanType: RenewalBillingPlanType? {
    get { rawCommitmentRenewalBillingPlanType.flatMap(RenewalBillingPlanType.init(rawValue:)) }
    set { rawCommitmentRenewalBillingPlanType = newValue?.rawValue }
  }
  /// When the commitment ends and the next one would start (milliseconds since 1970 on the wire).
  public var commitmentRenewalDate: Date?
  /// What the next commitment's first billing costs, in milliunits of the renewal info's `currency`.
  public var commitmentRenewalPrice: Int64?

  /// Creates commitment renewal info; every field is optional, as in Apple's JSON.
  ///
  /// - Parameters:
  ///   - commitmentAutoRenewProductId: The product the next commitment is for.
  ///   - commitmentAutoRenewStatus: Whether a new commitment starts when this one ends.
  ///   - commitmentRenewalBillingPlanType: How the next commitment is billed.
  ///   - commitmentRenewalDate: When the commitment ends.
  ///   - commitmentRenewalPrice: What the next commitment's first billing costs, in milliunits.
  public init(
    commitmentAutoRenewProductId: String? = nil, commitmentAutoRenewStatus: AutoRenewStatus? = nil,
    commitmentRenewalBillingPlanType: RenewalBillingPlanType? = nil, commitmentRenewalDate: Date? = nil,
    commitmentRenewalPrice: Int64? = nil
  ) {
    self.commitmentAutoRenewProductId = commitmentAutoRenewProductId
    self.rawCommitmentAutoRenewStatus = commitmentAutoRenewStatus?.rawValue
    self.rawCommitmentRenewalBillingPlanType = commitmentRenewalBillingPlanType?.rawValue
    self.commitmentRenewalDate = commitmentRenewalDate
    self.commitmentRenewalPrice = commitmentRenewalPrice
  }

  enum CodingKeys: String, CodingKey {
    case commitmentAutoRenewProductId
    case rawCommitmentAutoRenewStatus = "commitmentAutoRenewStatus"
    case rawCommitmentRenewalBillingPlanType = "commitmentRenewalBillingPlanType"
    case commitmentRenewalDate
    case commitmentRenewalPrice
  }
}
