/// What a backdated auto-renewable subscription does between its purchase date and now, as
/// StoreKit Testing's purchase option `.purchaseDate(_:renewalBehavior:)` says.
public enum BackdatedRenewal: String, Hashable, Sendable, CaseIterable {
  /// Every renewal due up to now happens, each with its own transaction (StoreKit's default).
  case renewUntilNow = "renew-until-now"
  /// Auto-renew is off from the start: the subscription has one period and expires at its end.
  case cancelImmediately = "cancel-immediately"
}
