import Foundation

extension Transaction {
  /// A transaction's place in a 12-month commitment billed monthly (iOS 26.4): which billing it is
  /// of how many, when the commitment ends and what it costs in all.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// When the commitment ends.
    public let expirationDate: Date
    /// Which billing of the commitment the transaction is, from 1.
    public let billingPeriodNumber: UInt64
    /// How many billings the commitment has.
    public let totalBillingPeriods: UInt64
    /// What the whole commitment costs, in the transaction's currency.
    public let price: Decimal

    package init(
      expirationDate: Date, billingPeriodNumber: UInt64, totalBillingPeriods: UInt64, price: Decimal
    ) {
      self.expirationDate = expirationDate
      self.billingPeriodNumber = billingPeriodNumber
      self.totalBillingPeriods = totalBillingPeriods
      self.price = price
    }
  }
}
