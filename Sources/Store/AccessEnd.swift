/// Why a customer's access to an auto-renewable subscription ended: the moments an app that checks
/// its entitlements as Apple documents locks the product (only `subscribed` and `inGracePeriod`
/// entitle).
public enum AccessEnd: Hashable, Sendable {
  /// The subscription expired.
  case expired
  /// A renewal failed with no billing grace period: billing retry goes on without access.
  case billingRetry
  /// The billing grace period ended while billing retry goes on.
  case gracePeriodEnded

  /// How log lines say it: `expired`, `in billing retry`, `grace period over`.
  public var words: String {
    switch self {
    case .expired: "expired"
    case .billingRetry: "in billing retry"
    case .gracePeriodEnded: "grace period over"
    }
  }
}
