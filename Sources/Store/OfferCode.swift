import Foundation

/// One code customers can redeem for a code offer: a one-time code (used once) or a custom code
/// (such as `SPRINGPROMO`, used up to its limit).
public struct OfferCode: Hashable, Sendable {
  /// One use of the code.
  public struct Redemption: Hashable, Sendable {
    /// Who redeemed it.
    public var accountName: String
    /// When.
    public var date: Date

    /// Creates a use.
    public init(accountName: String, date: Date) {
      self.accountName = accountName
      self.date = date
    }
  }

  /// Where a code stands now.
  public enum State: String, Hashable, Sendable {
    /// It can be redeemed.
    case active
    /// Every redemption it allows was made.
    case used
    /// Its expiry passed.
    case expired
  }

  /// What the customer types, upper case.
  public var code: String
  /// The product it is for.
  public var productId: String
  /// The code offer's reference name.
  public var offerName: String
  /// Whether it is a one-time code rather than a custom code.
  public var isOneTime: Bool
  /// How many redemptions it allows in all (1 for a one-time code); `nil` for no limit.
  public var limit: Int?
  /// When it stops working; `nil` when it does not expire.
  public var expires: Date?
  /// Its uses, oldest first.
  public var redemptions: [Redemption] = []

  /// Creates a code nobody redeemed yet.
  public init(
    code: String, productId: String, offerName: String, isOneTime: Bool, limit: Int?, expires: Date?
  ) {
    self.code = code
    self.productId = productId
    self.offerName = offerName
    self.isOneTime = isOneTime
    self.limit = limit
    self.expires = expires
  }

  /// Its state at a moment.
  public func state(at now: Date) -> State {
    if let limit, redemptions.count >= limit { return .used }
    if let expires, now >= expires { return .expired }
    return .active
  }
}
