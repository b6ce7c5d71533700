import Catalog
import Foundation
import Store

/// What the store has scheduled for a live subscription after the world's clock, drawn as
/// scheduled segments: the renewals (on the product that renews, in the offer that applies), the
/// rest of a grace period and of billing retry, and an expiry, with the store's settings as they
/// are now.
///
/// It follows the renewal engine's rules (`Store.endPeriod`, `renew`, `startPeriod` and
/// `enterBillingRetry`): at a period's end the subscription expires when auto-renew is off, a price
/// increase waits for consent, the sandbox's renewal cap is reached or the calendar ends; it enters
/// billing retry while the `billing-retry` switch is on; otherwise it renews.
struct ScheduledFuture {
  /// The store, for its catalog, time rate and switches.
  let store: Store
  /// The subscription.
  let state: SubscriptionState

  /// Scheduled periods drawn one by one at most; the renewals after them are drawn as one stretch.
  static let maximumPeriods = 1_000

  /// The scheduled segments from `start` (the current period's end, or the clock in billing retry)
  /// to `end`.
  func segments(from start: Date, until end: Date) -> [TimelineSegment] {
    switch state.phase {
    case .active: renewals(from: start, until: end)
    case .billingRetry(let since, let graceUntil):
      billingRetry(since: since, graceUntil: graceUntil, from: start, until: end)
    case .expired, .revoked: []
    }
  }

  // MARK: Renewals

  private func renewals(from start: Date, until end: Date) -> [TimelineSegment] {
    var segments: [TimelineSegment] = []
    var periodStart = start
    var offer = state.offer
    var pendingOffer = state.pendingOffer
    var offerPeriodsLeft = state.offerPeriodsLeft
    var renewals = state.renewals
    while periodStart < end {
      if let reason = expiryReason(at: periodStart, renewals: renewals, isFirst: segments.isEmpty) {
        segments.append(scheduled(.expired, from: periodStart, to: end, note: "expires: \(reason)"))
        break
      }
      guard let product = store.catalog.product(state.autoRenewProductId), let terms = product.subscription
      else {
        segments.append(
          scheduled(
            .expired, from: periodStart, to: end, note: "expires: \(state.autoRenewProductId) is not for sale"
          ))
        break
      }
      if store.isBillingRetryOn {
        let graceUntil = graceEnd(since: periodStart)
        return segments
          + billingRetry(since: periodStart, graceUntil: graceUntil, from: periodStart, until: end)
      }
      // The offer the renewal is in, as `renew` picks it.
      if let pending = pendingOffer {
        offer = pending
        offerPeriodsLeft = pending.mode == .payUpFront ? 0 : pending.numberOfPeriods - 1
        pendingOffer = nil
      } else if offerPeriodsLeft > 0 {
        offerPeriodsLeft -= 1
      } else {
        offer = nil
      }
      renewals += 1
      let periodEnd = VirtualClock.addingUpToLatest(span(of: terms.period, in: offer), to: periodStart)
      guard periodEnd > periodStart else { break }
      let kind = TimelineSegment.Kind.period(
        isTrial: offer?.mode == .freeTrial, hasOffer: offer?.reference != nil,
        isIntro: offer?.kind == .introductory)
      if segments.count + 1 == Self.maximumPeriods && periodEnd < end {
        segments.append(
          TimelineSegment(
            kind: kind, start: periodStart, end: end, productId: product.id, isScheduled: true,
            note: "the renewals go on from here, too many to draw one by one"))
        break
      }
      segments.append(
        TimelineSegment(
          kind: kind, start: periodStart, end: periodEnd, productId: product.id, isScheduled: true))
      periodStart = periodEnd
    }
    return segments
  }

  /// Why the subscription expires at a period's end instead of renewing, or `nil` when it renews.
  private func expiryReason(at date: Date, renewals: Int, isFirst: Bool) -> String? {
    if !state.isAutoRenewOn { return "auto-renew is off" }
    if isFirst && state.priceConsent == .pending {
      return "the price increase waits for the customer's consent"
    }
    if let cap = store.timeRate.renewalCap, renewals >= cap {
      return "the sandbox renews \(cap) times at most"
    }
    if date >= VirtualClock.latest {
      return "no period can start after \(Timestamp.iso8601(VirtualClock.latest))"
    }
    return nil
  }

  /// How long a period lasts at the store's time rate: the product's period, or the offer's (all
  /// its periods at once when paid up front).
  private func span(of period: SubscriptionPeriod, in offer: Offer?) -> TimeSpan {
    guard let offer else { return store.timeRate.span(of: period) }
    let unit = store.timeRate.span(of: offer.period)
    guard offer.mode == .payUpFront else { return unit }
    return TimeSpan(
      months: unit.months * offer.numberOfPeriods, seconds: unit.seconds * offer.numberOfPeriods)
  }

  // MARK: Billing retry

  /// The rest of a billing retry begun at `since`: the grace period, Apple's retries, then the
  /// expiry when they run out, from `start` on.
  private func billingRetry(
    since: Date, graceUntil: Date?, from start: Date, until end: Date
  ) -> [TimelineSegment] {
    let retryEnd = VirtualClock.addingUpToLatest(
      store.timeRate.billingRetrySpan(for: renewalPeriod), to: since)
    let retryStart = max(graceUntil ?? start, start)
    let parts: [(TimelineSegment.Kind, Date, Date, String)] = [
      (
        .grace, start, min(retryStart, retryEnd),
        "access goes on while Apple retries the charge, until billing is fixed"
      ),
      (
        .billingRetry, retryStart, retryEnd,
        "no access while Apple retries the charge, until billing is fixed"
      ),
      (.expired, retryEnd, end, "expires: Apple stops retrying \(Timestamp.iso8601(retryEnd))"),
    ]
    return parts.compactMap { kind, from, to, note in
      max(from, start) < min(to, end)
        ? scheduled(kind, from: max(from, start), to: min(to, end), note: note) : nil
    }
  }

  /// When a grace period starting at `since` would end, as the store's setting stands.
  private func graceEnd(since: Date) -> Date? {
    store.gracePeriodDays.map {
      VirtualClock.addingUpToLatest(store.timeRate.graceSpan(days: $0, for: renewalPeriod), to: since)
    }
  }

  /// The period of the product that renews, which sets how long billing retry and grace last.
  private var renewalPeriod: SubscriptionPeriod {
    store.catalog.product(state.autoRenewProductId)?.subscription?.period
      ?? SubscriptionPeriod(value: 1, unit: .month)
  }

  private func scheduled(
    _ kind: TimelineSegment.Kind, from start: Date, to end: Date, note: String
  ) -> TimelineSegment {
    TimelineSegment(
      kind: kind, start: start, end: end, productId: state.autoRenewProductId, isScheduled: true, note: note)
  }
}
