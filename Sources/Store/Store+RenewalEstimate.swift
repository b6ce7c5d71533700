import Catalog
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
      for state in account.subscriptions.values where state.isLive && state.willRenewNext {
        guard state.expiresDate <= target,
          let period = state.commitment == nil
            ? catalog.product(state.autoRenewProductId)?.subscription?.period : Self.commitmentBillingPeriod
        else { continue }
        total += renewals(of: period, from: state.expiresDate, until: target, renewedSoFar: state.renewals)
      }
    }
    return total >= Double(Int.max) ? Int.max : Int(total)
  }

  /// About how many renewals a backdated purchase of a product at `date` makes until now (see
  /// ``chargeBackdated(productId:at:renewal:account:)``): none for a product that does not renew.
  public func estimatedRenewals(ofBackdated productId: String, at date: Date) -> Int {
    guard let period = catalog.product(productId)?.subscription?.period, date < clock.now else { return 0 }
    let span = timeRate.span(of: period)
    guard let firstEnd = VirtualClock.adding(span, to: date), firstEnd <= clock.now else { return 0 }
    let total = renewals(of: period, from: firstEnd, until: clock.now, renewedSoFar: 0)
    return total >= Double(Int.max) ? Int.max : Int(total)
  }

  /// About how many renewals of a period fall from a period's end at `start` to `target`, within
  /// the time rate's renewal cap.
  private func renewals(
    of period: SubscriptionPeriod, from start: Date, until target: Date, renewedSoFar: Int
  ) -> Double {
    let span = timeRate.span(of: period)
    let length = max(Double(span.months) * 30.436875 * 86_400 + Double(span.seconds), 1)
    var renewals = (target.timeIntervalSince(start) / length).rounded(.down) + 1
    if let cap = timeRate.renewalCap { renewals = min(renewals, Double(max(cap - renewedSoFar, 0))) }
    return renewals
  }
}
