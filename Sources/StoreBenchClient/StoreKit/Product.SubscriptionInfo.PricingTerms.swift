import Foundation

extension Product.SubscriptionInfo {
  /// One way to pay for a subscription (iOS 26.4): its billing plan, what each billing costs and
  /// how often, the commitment it makes, and the offers that go with it.
  public struct PricingTerms: Equatable, Hashable, Sendable {
    /// How it is billed.
    public let billingPlanType: Product.SubscriptionInfo.BillingPlanType
    /// What each billing costs, in the storefront's currency.
    public let billingPrice: Decimal
    /// ``billingPrice``, formatted for the storefront.
    public let billingDisplayPrice: String
    /// The time between two billings.
    public let billingPeriod: Product.SubscriptionInfo.BillingPeriod
    /// The commitment: its length and total price.
    public let commitmentInfo: Product.SubscriptionInfo.CommitmentInfo
    /// The offers available with these terms.
    public let subscriptionOffers: [Product.SubscriptionOffer]

    package init(
      billingPlanType: Product.SubscriptionInfo.BillingPlanType, billingPrice: Decimal,
      billingDisplayPrice: String, billingPeriod: Product.SubscriptionInfo.BillingPeriod,
      commitmentInfo: Product.SubscriptionInfo.CommitmentInfo, subscriptionOffers: [Product.SubscriptionOffer]
    ) {
      self.billingPlanType = billingPlanType
      self.billingPrice = billingPrice
      self.billingDisplayPrice = billingDisplayPrice
      self.billingPeriod = billingPeriod
      self.commitmentInfo = commitmentInfo
      self.subscriptionOffers = subscriptionOffers
    }

    /// The offers of a type available with these terms.
    ///
    /// - Parameter type: The offer type, such as `.introductory`.
    public subscript(offers type: Product.SubscriptionOffer.OfferType) -> [Product.SubscriptionOffer] {
      subscriptionOffers.filter { $0.type == type }
    }
  }
}
