/// What makes a product an auto-renewable subscription: its group, its rank in the group, its
/// period and its offers.
public struct Subscription: Hashable, Sendable {
  /// The subscription group; a customer has at most one active subscription per group.
  public var group: String
  /// The rank in the group: 1 is the highest service level.
  public var level: Int
  /// How long one paid period lasts.
  public var period: SubscriptionPeriod
  /// The introductory offer, at most one per group per customer.
  public var introductoryOffer: Offer?
  /// Promotional offers, by identifier.
  public var promotionalOffers: [Offer]
  /// Win-back offers for lapsed subscribers, by identifier.
  public var winBackOffers: [Offer] = []
  /// Each win-back offer's eligibility rules, by offer identifier; an offer without rules is for
  /// any churned subscriber (``WinBackRules/anyChurned``).
  public var winBackRules: [String: WinBackRules] = [:]
  /// Billing plans with a commitment, where the catalog has them.
  public var billingPlans: [BillingPlan] = []

  /// Creates a subscription description.
  public init(
    group: String, level: Int, period: SubscriptionPeriod, introductoryOffer: Offer? = nil,
    promotionalOffers: [Offer] = []
  ) {
    self.group = group
    self.level = level
    self.period = period
    self.introductoryOffer = introductoryOffer
    self.promotionalOffers = promotionalOffers
  }
}
