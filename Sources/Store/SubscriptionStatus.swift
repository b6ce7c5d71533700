/// Where a subscription stands, in the words `status` and `expect subscription` use.
public enum SubscriptionStatus: String, CaseIterable, Hashable, Sendable {
  /// Paid and current.
  case active
  /// Current, in a free trial.
  case inTrial = "in-trial"
  /// Current, in a paid introductory offer.
  case inIntro = "in-intro"
  /// Current, in a promotional, offer code or win-back offer, free or paid.
  case inOffer = "in-offer"
  /// A renewal failed; Apple retries and the customer keeps access until the grace period ends.
  case inGrace = "in-grace"
  /// A renewal failed; Apple retries; the customer has no access.
  case inBillingRetry = "in-billing-retry"
  /// It ended.
  case expired
  /// Apple refunded it; access is revoked.
  case revoked

  /// Whether the customer has access.
  public var isEntitled: Bool {
    switch self {
    case .active, .inTrial, .inIntro, .inOffer, .inGrace: true
    case .inBillingRetry, .expired, .revoked: false
    }
  }

  /// The App Store Server API's `status` number: 1 active, 2 expired, 3 billing retry, 4 grace, 5 revoked.
  public var serverAPIStatus: Int {
    switch self {
    case .active, .inTrial, .inIntro, .inOffer: 1
    case .expired: 2
    case .inBillingRetry: 3
    case .inGrace: 4
    case .revoked: 5
    }
  }
}
