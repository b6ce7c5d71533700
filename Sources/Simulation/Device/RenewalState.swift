import Store

/// `Product.SubscriptionInfo.RenewalState`: the state of a subscription as StoreKit 2 reports it.
/// Only `subscribed` and `inGracePeriod` entitle.
public enum RenewalState: String, Hashable, Sendable, CaseIterable {
  /// Active, in a free trial or an introductory price period.
  case subscribed
  /// Expired.
  case expired
  /// A renewal failed and Apple keeps retrying; no access.
  case inBillingRetryPeriod
  /// A renewal failed and access goes on during the billing grace period.
  case inGracePeriod
  /// Refunded or revoked.
  case revoked

  /// The state of a subscription of the given status.
  public init(_ status: SubscriptionStatus) {
    switch status {
    case .active, .inTrial, .inIntro, .inOffer: self = .subscribed
    case .inGrace: self = .inGracePeriod
    case .inBillingRetry: self = .inBillingRetryPeriod
    case .expired: self = .expired
    case .revoked: self = .revoked
    }
  }

  /// Whether the state entitles the customer to the subscription's content.
  public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }
}
