/// Something the store must do at a future instant of the virtual clock.
struct ScheduledEvent {
  var kind: ScheduledEventKind
  var subscription: SubscriptionState
  var account: Account
  /// The subscription's generation when scheduled; a later one makes the event stale.
  var generation: Int
}
