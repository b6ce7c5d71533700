import Foundation

extension Product.SubscriptionInfo {
  /// The commitment a customer agrees to when they subscribe with a pricing term (iOS 26.4): how
  /// long it lasts and what it costs in all.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// What the whole commitment costs, in the storefront's currency.
    public let price: Decimal
    /// ``price``, formatted for the storefront.
    public let displayPrice: String
    /// How long the commitment lasts.
    public let period: Product.SubscriptionPeriod

    package init(price: Decimal, displayPrice: String, period: Product.SubscriptionPeriod) {
      self.price = price
      self.displayPrice = displayPrice
      self.period = period
    }
  }
}
