import Foundation

extension Store {
  /// About how many renewals moving the clock to `target` would make: for each live subscription
  /// that renews, the time from its current period's end to `target` over its period's length at
  /// the time rate (a month counted as 30.44 days), within the time rate's renewal cap.
  ///
  /// It reads each subscription once (none when nothing is due before `target`) and runs nothing,
  /// so a command can refuse a move before starting it.
  public func estimatedRenewals(until target: Date) -> Int {
    // Nothing due on the way (the common short move): no subscription to read.
    guard let next = scheduler.nextDue, next <= target else { return 0 }
    var total = 0.0
    for account in accounts.values {
      for state in account.subscriptions.values where state.isLive && state.isAutoRenewOn {
        guard state.expiresDate <= target,
          let period = catalog.product(state.autoRenewProductId)?.subscription?.period
        else { continue }
        let span = timeRate.span(of: period)
        let length = max(Double(span.months) * 30.436875 * 86_400 + Double(span.seconds), 1)
        var renewals = (target.timeIntervalSince(state.expiresDate) / length).rounded(.down) + 1
        if let cap = timeRate.renewalCap { renewals = min(renewals, Double(max(cap - state.renewals, 0))) }
        total += renewals
      }
    }
    return total >= Double(Int.max) ? Int.max : Int(total)
  }
}
