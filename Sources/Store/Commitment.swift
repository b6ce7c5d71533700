import Catalog
import Foundation
import Vocabulary

/// Where one billing of a subscription with a commitment stands: a yearly product bought with its
/// monthly billing plan commits the customer to twelve monthly billings (App Store Server API 1.21,
/// `TransactionCommitmentInfo`).
public struct Commitment: Hashable, Sendable {
  /// When the commitment began.
  public var startDate: Date
  /// When the commitment ends (`commitmentExpiresDate`): the end of its last billing period.
  public var expiresDate: Date
  /// Which billing of the commitment this is, from 1 (`billingPeriodNumber`).
  public var periodNumber: Int
  /// How many billings the commitment has (`totalBillingPeriods`).
  public var totalPeriods: Int
  /// What the whole commitment costs (`commitmentPrice`).
  public var price: Price

  /// Creates a commitment's billing.
  public init(startDate: Date, expiresDate: Date, periodNumber: Int, totalPeriods: Int, price: Price) {
    self.startDate = startDate
    self.expiresDate = expiresDate
    self.periodNumber = periodNumber
    self.totalPeriods = totalPeriods
    self.price = price
  }

  /// Whether billings remain after this one: the customer is committed to them.
  public var hasBillingsLeft: Bool { periodNumber < totalPeriods }

  /// The next billing of the same commitment.
  public var next: Commitment {
    var next = self
    next.periodNumber += 1
    return next
  }
}
