import Foundation
import Store

/// The bars of one subscription: each period, between periods what the milestones say happened (a
/// grace period and billing retry after a failed renewal, revocation after a refund, or a lapse),
/// and after the world's clock what the store has scheduled for a live subscription.
struct SubscriptionSegments {
  /// The subscription's milestones, oldest first.
  let milestones: [Milestone]
  /// The live subscription's schedule, when the last period is its current one.
  let future: ScheduledFuture?
  /// The world's clock: what lies after it is scheduled.
  let now: Date
  /// When each period renewed by a billing recovery was charged (`DID_RENEW/BILLING_RECOVERY`).
  private let recoveries: [UInt64: Date]

  init(milestones: [Milestone], future: ScheduledFuture?, now: Date) {
    self.milestones = milestones
    self.future = future
    self.now = now
    var recoveries: [UInt64: Date] = [:]
    for milestone in milestones where milestone.kind == .notice(.didRenew, .billingRecovery) {
      if let number = milestone.transactionNumber { recoveries[number] = milestone.time }
    }
    self.recoveries = recoveries
  }

  /// When a period was charged: its purchase date, or for a renewal recovered inside the grace
  /// period (which keeps the renewal date, so its purchase date is the failed renewal's) the
  /// instant billing recovered.
  func chargeDate(of record: PurchaseRecord) -> Date {
    max(recoveries[record.transactionNumber] ?? record.purchaseDate, record.purchaseDate)
  }

  /// The segments of the periods, in time order, up to `end`.
  func segments(of periods: [PurchaseRecord], until end: Date) -> [TimelineSegment] {
    var segments: [TimelineSegment] = []
    for (index, record) in periods.enumerated() {
      guard let expires = record.expiresDate else { continue }
      var periodEnd = expires
      var revoked = false
      if let cancelled = record.cancellationDate {
        periodEnd = min(cancelled, expires)
        revoked = !record.isUpgraded
      }
      segments.append(period(record, until: periodEnd))
      if index + 1 < periods.count {
        let next = chargeDate(of: periods[index + 1])
        guard next > periodEnd else { continue }
        segments +=
          revoked
          ? [TimelineSegment(kind: .revoked, start: periodEnd, end: next, productId: record.productId)]
          : gap(from: periodEnd, to: next, productId: record.productId, graceUntil: nil)
      } else if revoked {
        if end > periodEnd {
          segments.append(
            TimelineSegment(kind: .revoked, start: periodEnd, end: end, productId: record.productId))
        }
      } else if let future {
        let past = min(now, end)
        if past > periodEnd {
          segments += gap(
            from: periodEnd, to: past, productId: record.productId,
            graceUntil: future.state.gracePeriodExpiresDate)
        }
        if end > now { segments += future.segments(from: max(periodEnd, now), until: end) }
      } else if end > periodEnd {
        segments += gap(from: periodEnd, to: end, productId: record.productId, graceUntil: nil)
      }
    }
    return segments
  }

  /// A period's bar: from its purchase date, or from the instant it was charged when billing
  /// recovered inside the grace period (the bar before it is then that grace period).
  private func period(_ record: PurchaseRecord, until periodEnd: Date) -> TimelineSegment {
    let charged = chargeDate(of: record)
    let note =
      charged > record.purchaseDate
      ? "billing recovered \(Timestamp.iso8601(charged)) inside the grace period; the renewal date stays \(Timestamp.iso8601(record.purchaseDate))"
      : nil
    return TimelineSegment(
      kind: .period(
        isTrial: record.isTrialPeriod, hasOffer: record.offer != nil, isIntro: record.isInIntroOfferPeriod),
      start: charged, end: max(periodEnd, charged), productId: record.productId,
      transactionNumber: record.transactionNumber, note: note)
  }

  /// What lay between a period's end and the next period (or the end of the picture): grace and
  /// billing retry when a renewal failed there, until billing recovered or the subscription
  /// lapsed, then a lapse.
  ///
  /// - Parameter graceUntil: the end of the grace period of billing retry still running, which no
  ///   milestone tells yet; `nil` for an episode that is over.
  private func gap(from start: Date, to end: Date, productId: String, graceUntil: Date?) -> [TimelineSegment]
  {
    guard
      let failure = milestones.first(where: {
        $0.time >= start && $0.time < end && $0.kind.isNotice(.didFailToRenew)
      })
    else {
      return [TimelineSegment(kind: .expired, start: start, end: end, productId: productId)]
    }
    let lapse = firstTime(of: .expired, after: failure.time, before: end) ?? end
    var retryStart = failure.time
    if case .notice(_, .gracePeriod) = failure.kind {
      let graceEnd =
        firstTime(of: .gracePeriodExpired, after: failure.time, before: end) ?? graceUntil ?? lapse
      retryStart = min(graceEnd, lapse)
    }
    let parts: [(TimelineSegment.Kind, Date, Date)] = [
      (.expired, start, failure.time), (.grace, failure.time, retryStart), (.billingRetry, retryStart, lapse),
      (.expired, lapse, end),
    ]
    return parts.compactMap { kind, from, to in
      from < to ? TimelineSegment(kind: kind, start: from, end: to, productId: productId) : nil
    }
  }

  private func firstTime(of kind: ServerEvent.Kind, after start: Date, before end: Date) -> Date? {
    milestones.first { $0.time > start && $0.time <= end && $0.kind.isNotice(kind) }?.time
  }
}

extension TimelineSegment.Kind {
  /// The kind of a period: a free trial, an offer other than an introductory one, a paid
  /// introductory offer, or the regular price (a record's flags, or the offer a period will be in).
  static func period(isTrial: Bool, hasOffer: Bool, isIntro: Bool) -> Self {
    if isTrial { return .trial }
    if hasOffer { return .offer }
    if isIntro { return .intro }
    return .regular
  }
}

extension Milestone.Kind {
  /// Whether it is a step of Ask to Buy (asked, approved, declined).
  var isAskToBuy: Bool {
    switch self {
    case .askToBuyRequested, .askToBuyApproved, .askToBuyDeclined: true
    case .notice, .refundRequested: false
    }
  }

  /// Whether it is a server event of this type, whatever its subtype.
  func isNotice(_ kind: ServerEvent.Kind) -> Bool {
    if case .notice(kind, _) = self { return true }
    return false
  }
}
