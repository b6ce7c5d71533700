/// Something the store must do at a future instant of the virtual clock.
struct ScheduledEvent {
  enum Kind {
    /// The current period ends: renew, fail into billing retry, or expire.
    case periodEnd
    /// Billing retry gives up: the subscription expires with a billing error.
    case billingRetryEnd
    /// The grace period ends: access stops while retry goes on.
    case gracePeriodEnd
  }

  var kind: Kind
  var subscription: SubscriptionState
  var account: Account
  /// The subscription's generation when scheduled; a later one makes the event stale.
  var generation: Int
}
