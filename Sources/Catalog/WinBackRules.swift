/// Who may redeem a win-back offer, as App Store Connect sets it: a churned subscriber who paid for
/// long enough, churned long enough ago but not too long, and did not redeem a win-back offer of the
/// group too recently.
public struct WinBackRules: Hashable, Sendable {
  /// The months of paid service the customer must have had in the group.
  public var minimumPaidMonths: Int
  /// The fewest months since the subscription expired.
  public var minimumMonthsSinceChurn: Int
  /// The most months since the subscription expired; `nil` for no limit.
  public var maximumMonthsSinceChurn: Int?
  /// The months that must pass after a win-back redemption in the group before another.
  public var monthsBetweenRedemptions: Int

  /// Rules any churned subscriber meets (Xcode's "Eligible" switch).
  public static let anyChurned = WinBackRules(
    minimumPaidMonths: 0, minimumMonthsSinceChurn: 0, maximumMonthsSinceChurn: nil,
    monthsBetweenRedemptions: 0)

  /// Creates rules.
  public init(
    minimumPaidMonths: Int, minimumMonthsSinceChurn: Int, maximumMonthsSinceChurn: Int?,
    monthsBetweenRedemptions: Int
  ) {
    self.minimumPaidMonths = minimumPaidMonths
    self.minimumMonthsSinceChurn = minimumMonthsSinceChurn
    self.maximumMonthsSinceChurn = maximumMonthsSinceChurn
    self.monthsBetweenRedemptions = monthsBetweenRedemptions
  }
}
