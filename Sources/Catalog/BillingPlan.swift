import Foundation

/// A way of paying for a subscription with a commitment (a `.storekit` file's `billingPlans`, from
/// version 5): billed up front, or monthly over the committed period.
public struct BillingPlan: Hashable, Sendable {
  /// How the commitment is billed, as Xcode spells it.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// The whole commitment charged at once.
    case billedUpFront = "BILLED_UPFRONT"
    /// The commitment charged in monthly installments.
    case monthly = "MONTHLY"

    /// The native catalog's word for it: `billed-up-front` or `monthly`.
    public var word: String {
      switch self {
      case .billedUpFront: "billed-up-front"
      case .monthly: "monthly"
      }
    }

    /// The kind a native catalog or a command names (`monthly`, `billed-up-front`, or Xcode's
    /// `MONTHLY`, `BILLED_UPFRONT`).
    public init?(word: String) {
      guard let kind = Self.allCases.first(where: { $0.word == word || $0.rawValue == word }) else {
        return nil
      }
      self = kind
    }
  }

  /// How it is billed.
  public var kind: Kind
  /// What each billing charges.
  public var price: Decimal
  /// What the whole commitment costs.
  public var commitmentPrice: Decimal
  /// Whether the plan is offered.
  public var isEnabled: Bool

  /// Creates a billing plan.
  public init(kind: Kind, price: Decimal, commitmentPrice: Decimal, isEnabled: Bool) {
    self.kind = kind
    self.price = price
    self.commitmentPrice = commitmentPrice
    self.isEnabled = isEnabled
  }
}
