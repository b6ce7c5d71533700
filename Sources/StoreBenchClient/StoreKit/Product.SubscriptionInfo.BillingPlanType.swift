import Foundation

extension Product.SubscriptionInfo {
  /// How a subscription is billed (iOS 26.4): up front for the whole period, or monthly over a
  /// 12-month commitment. An open set of values, as in StoreKit.
  public struct BillingPlanType: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The App Store's name for it (`BILLED_UPFRONT`, `MONTHLY`).
    package let rawValue: String

    package init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The whole subscription period billed at once.
    public static let upFront = BillingPlanType(rawValue: "BILLED_UPFRONT")

    /// Billed monthly over a 12-month commitment.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")

    /// The App Store's name, for reading.
    public var debugDescription: String { rawValue }
  }

  /// The period between two billings of a subscription's pricing terms (iOS 26.4).
  public typealias BillingPeriod = Product.SubscriptionPeriod
}
