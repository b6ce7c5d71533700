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
  /// The group's identifier as the catalog gives it (a `.storekit` file's group `id`, the native
  /// catalog's `groupID`); without one, ``groupIdentifier`` derives one from the group's name.
  public var groupID: String?

  /// The group's identifier, the one the App Store uses everywhere (`subscriptionGroupIdentifier`,
  /// StoreKit 2's `subscriptionGroupID`): the catalog's own, else eight digits derived from the
  /// group's name, the same in every run (see ``derivedGroupIdentifier(of:)``).
  public var groupIdentifier: String { groupID ?? Self.derivedGroupIdentifier(of: group) }

  /// Apple's subscription group identifiers are numeric strings (`"20517537"`); catalogs name groups
  /// with words. The number for a group: the name itself when it is already eight digits, else `2`
  /// followed by seven digits of an FNV-1a hash of the name.
  public static func derivedGroupIdentifier(of group: String) -> String {
    if group.utf8.count == 8, group.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return group }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in group.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash % 10_000_000)
    return "2" + String(repeating: "0", count: 7 - digits.count) + digits
  }

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
