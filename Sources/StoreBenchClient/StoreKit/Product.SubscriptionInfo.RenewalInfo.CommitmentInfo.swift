import Foundation

extension Product.SubscriptionInfo.RenewalInfo {
  /// What happens when a 12-month commitment billed monthly ends (iOS 26.4): whether a new one
  /// starts, for which product, billed how, when and at what price.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// The product the next commitment is for.
    public let autoRenewPreference: String
    /// Whether a new commitment starts when this one ends (the customer's auto-renew choice: with
    /// it off the customer is still billed the months left of this one).
    public let willAutoRenew: Bool
    /// How the next commitment is billed.
    public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?
    /// When this commitment ends and the next would start.
    public let renewalDate: Date?
    /// What the next commitment's first billing costs, in the renewal info's currency.
    public let renewalPrice: Decimal?

    package init(
      autoRenewPreference: String, willAutoRenew: Bool,
      renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?, renewalDate: Date?,
      renewalPrice: Decimal?
    ) {
      self.autoRenewPreference = autoRenewPreference
      self.willAutoRenew = willAutoRenew
      self.renewalBillingPlanType = renewalBillingPlanType
      self.renewalDate = renewalDate
      self.renewalPrice = renewalPrice
    }
  }
}
