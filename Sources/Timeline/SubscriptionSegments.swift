import Foundation
import Store

/// The bars of one subscription: each period, and between periods what the milestones say
/// happened (a grace period and billing retry after a failed renewal, revocation after a refund,
/// or a lapse).
struct SubscriptionSegments {
  /// The subscription's milestones, oldest first.
  let milestones: [Milestone]
  /// The end of a grace period still running, from the subscription's state.
  let graceUntil: Date?

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
      segments.append(
        TimelineSegment(
          kind: kind(of: record), start: record.purchaseDate, end: max(periodEnd, record.purchaseDate),
          productId: record.productId, transactionNumber: record.transactionNumber))
      let gapEnd = index + 1 < periods.count ? periods[index + 1].purchaseDate : end
      guard gapEnd > periodEnd else { continue }
      if revoked {
        segments.append(
          TimelineSegment(kind: .revoked, start: periodEnd, end: gapEnd, productId: record.productId))
      } else {
        segments += gap(
          from: periodEnd, to: gapEnd, productId: record.productId, isLast: index == periods.count - 1)
      }
    }
    return segments
  }

  private func kind(of record: PurchaseRecord) -> TimelineSegment.Kind {
    if record.isTrialPeriod { return .trial }
    if record.offer != nil { return .offer }
    if record.isInIntroOfferPeriod { return .intro }
    return .regular
  }

  /// What lay between a period's end and the next period (or the end of the picture): grace and
  /// billing retry when a renewal failed there, then a lapse.
  ///
  /// The subscription's running grace period (``graceUntil``) applies only after its last period.
  private func gap(from start: Date, to end: Date, productId: String, isLast: Bool) -> [TimelineSegment] {
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
