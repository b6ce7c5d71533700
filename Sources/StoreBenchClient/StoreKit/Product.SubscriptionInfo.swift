import Foundation

extension Product {
  /// An auto-renewable subscription's terms: its group, period and offers.
  public struct SubscriptionInfo: Equatable, Hashable, Sendable {
    /// The introductory offer, if the product has one (whether the customer may have it is
    /// ``isEligibleForIntroOffer``).
    public let introductoryOffer: Product.SubscriptionOffer?
    /// The promotional offers.
    public let promotionalOffers: [Product.SubscriptionOffer]
    /// The win-back offers, for customers whose subscription lapsed.
    public let winBackOffers: [Product.SubscriptionOffer]
    /// The subscription group's identifier: the same in transactions, renewal infos and statuses.
    public let subscriptionGroupID: String
    /// How long one period lasts.
    public let subscriptionPeriod: Product.SubscriptionPeriod
    /// The ways to pay for the subscription (iOS 26.4): one per billing plan the App Store offers
    /// (billed up front, monthly over a 12-month commitment); empty for a product without billing
    /// plans.
    public let pricingTerms: [Product.SubscriptionInfo.PricingTerms]
    private let level: Int
    private let groupName: String

    package init(
      introductoryOffer: Product.SubscriptionOffer?, promotionalOffers: [Product.SubscriptionOffer],
      winBackOffers: [Product.SubscriptionOffer], subscriptionGroupID: String,
      subscriptionPeriod: Product.SubscriptionPeriod, groupLevel: Int, groupDisplayName: String,
      pricingTerms: [Product.SubscriptionInfo.PricingTerms] = []
    ) {
      self.pricingTerms = pricingTerms
      self.introductoryOffer = introductoryOffer
      self.promotionalOffers = promotionalOffers
      self.winBackOffers = winBackOffers
      self.subscriptionGroupID = subscriptionGroupID
      self.subscriptionPeriod = subscriptionPeriod
      self.level = groupLevel
      self.groupName = groupDisplayName
    }

    /// The product's rank in its group: 1 is the highest level of service.
    public var groupLevel: Int { level }

    /// The group's name.
    public var groupDisplayName: String { groupName }

    /// Whether the customer may have the group's introductory offer.
    public var isEligibleForIntroOffer: Bool {
      get async { await Self.isEligibleForIntroOffer(for: subscriptionGroupID) }
    }

    /// Whether the customer may have a group's introductory offer: once per group.
    ///
    /// - Parameter groupID: The group's identifier (``subscriptionGroupID``).
    public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
      await CurrentStore.required("Product.SubscriptionInfo.isEligibleForIntroOffer(for:)")
        .isEligibleForIntroOffer(
          groupID: groupID)
    }

    /// The statuses of the customer's subscriptions in this product's group.
    ///
    /// - Throws: ``StoreKitError`` when an error is armed for subscription status.
    public var status: [Product.SubscriptionInfo.Status] {
      get async throws { try await Self.status(for: subscriptionGroupID) }
    }

    /// The statuses of the customer's subscriptions in a group (one per subscription: the
    /// customer's own, one shared by the family).
    ///
    /// - Parameter groupID: The group's identifier (``subscriptionGroupID``).
    /// - Throws: ``StoreKitError`` when an error is armed for subscription status.
    public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
      try await CurrentStore.required("Product.SubscriptionInfo.status(for:)").statuses(groupID: groupID)
    }

    /// The status of the subscription a transaction belongs to.
    ///
    /// - Parameter transactionID: Any transaction of the subscription.
    /// - Throws: ``StoreKitError`` when an error is armed for subscription status.
    public static func status(transactionID: UInt64) async throws -> Product.SubscriptionInfo.Status? {
      try await CurrentStore.required("Product.SubscriptionInfo.status(transactionID:)").status(
        transactionID: transactionID)
    }
  }
}
