import Foundation
import JSON

/// A transaction's place in a commitment billed monthly, as Apple names it (App Store Server API
/// 1.21, `TransactionCommitmentInfo`): which billing it is of how many, when the commitment ends and
/// what the whole commitment costs.
public struct TransactionCommitmentInfo: Hashable, Sendable, Decodable, JSONObjectWritable {
  /// Which billing of the commitment the transaction is, from 1.
  public var billingPeriodNumber: Int?
  /// When the commitment ends (milliseconds since 1970 on the wire).
  public var commitmentExpiresDate: Date?
  /// What the whole commitment costs, in milliunits of the transaction's `currency`.
  public var commitmentPrice: Int64?
  /// How many billings the commitment has.
  public var totalBillingPeriods: Int?

  /// Creates commitment info; every field is optional, as in Apple's JSON.
  ///
  /// - Parameters:
  ///   - billingPeriodNumber: Which billing of the commitment the transaction is, from 1.
  ///   - commitmentExpiresDate: When the commitment ends.
  ///   - commitmentPrice: What the whole commitment costs, in milliunits.
  ///   - totalBillingPeriods: How many billings the commitment has.
  public init(
    billingPeriodNumber: Int? = nil, commitmentExpiresDate: Date? = nil, commitmentPrice: Int64? = nil,
    totalBillingPeriods: Int? = nil
  ) {
    self.billingPeriodNumber = billingPeriodNumber
    self.commitmentExpiresDate = commitmentExpiresDate
    self.commitmentPrice = commitmentPrice
    self.totalBillingPeriods = totalBillingPeriods
  }

  enum CodingKeys: String, CodingKey {
    case billingPeriodNumber
    case commitmentExpiresDate
    case commitmentPrice
    case totalBillingPeriods
  }

  /// Writes the members in Apple's (alphabetical) order, the date as whole milliseconds since 1970.
  ///
  /// - Parameter writer: The writer to write them to.
  /// - Throws: `EncodingError.invalidValue` for a date beyond 64-bit milliseconds.
  public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
    try writer.member(CodingKeys.billingPeriodNumber.rawValue, billingPeriodNumber)
    try writer.member(
      CodingKeys.commitmentExpiresDate.rawValue, try AppStoreJSON.wholeMilliseconds(commitmentExpiresDate))
    try writer.member(CodingKeys.commitmentPrice.rawValue, commitmentPrice.map(Int.init))
    try writer.member(CodingKeys.totalBillingPeriods.rawValue, totalBillingPeriods)
  }
}
