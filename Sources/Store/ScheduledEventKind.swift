/// What a subscription has due on the virtual clock.
public enum ScheduledEventKind: String, CaseIterable, Hashable, Sendable {
  /// The current period ends: renew, fail into billing retry, or expire.
  case periodEnd
  /// Billing retry gives up: the subscription expires with a billing error.
  case billingRetryEnd
  /// The grace period ends: access stops while retry goes on.
  case gracePeriodEnd
}
