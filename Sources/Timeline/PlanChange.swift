import Catalog
import Foundation
import Store

/// A customer's change of a subscription's plan, named as Apple names it from the two products'
/// levels (1 is the highest) and durations: an upgrade goes to a higher level and takes effect at
/// once; a downgrade goes to a lower level and takes effect at the next renewal; a crossgrade stays
/// at the same level, at once when the duration is the same and at the next renewal otherwise.
///
/// The store keeps each change as a milestone (`DID_CHANGE_RENEWAL_PREF`, or `OFFER_REDEEMED` when
/// an offer came with it) whose subtype says only when it takes effect (`UPGRADE` at once,
/// `DOWNGRADE` at the next renewal, none for a pending change cancelled). The products come from
/// the periods: an immediate change starts a period on the new product; a pending one is the
/// product of the renewal that ends the period it was made in, or, while that renewal is still to
/// come, the product the subscription renews to.
struct PlanChange {
  /// When the change takes effect.
  enum Timing: Hashable {
    /// At once: a new period starts on the new product.
    case atOnce
    /// At the renewal at this instant (`nil` while billing retry goes on), scheduled when it is
    /// still to come.
    case atNextRenewal(Date?, isScheduled: Bool)
    /// Never: another change replaced it, or the subscription ended, before the renewal.
    case never
  }

  /// The milestone that records it.
  var milestone: Milestone
  /// The product the subscription was on, when known.
  var from: String?
  /// The product it changes to, when known.
  var to: String?
  /// When it takes effect; `nil` for a pending change cancelled.
  var timing: Timing?

  /// The changes of plan among a subscription's milestones, oldest first.
  ///
  /// - Parameters:
  ///   - milestones: the subscription's milestones, oldest first.
  ///   - periods: its periods in time order.
  ///   - state: the subscription as the store runs it now.
  ///   - now: the world's clock.
  static func changes(
    in milestones: [Milestone], periods: [PurchaseRecord], state: SubscriptionState?, now: Date
  ) -> [PlanChange] {
    let changes = milestones.filter(\.kind.isPlanChange)
    return changes.enumerated().map { index, milestone in
      let position = periods.firstIndex { $0.transactionNumber == milestone.transactionNumber }
      guard case .notice(_, let subtype) = milestone.kind, let subtype else {
        return PlanChange(milestone: milestone, from: nil, to: milestone.productId, timing: nil)
      }
      if subtype == .upgrade {
        let before = position.flatMap { $0 > 0 ? periods[$0 - 1].productId : nil }
        return PlanChange(milestone: milestone, from: before, to: milestone.productId, timing: .atOnce)
      }
      var change = PlanChange(milestone: milestone, from: milestone.productId, to: nil, timing: .never)
      let isReplaced = changes[(index + 1)...].contains {
        $0.transactionNumber == milestone.transactionNumber
      }
      guard !isReplaced, let position else { return change }
      if position + 1 < periods.count {
        let next = periods[position + 1]
        if next.reason == .renewal {
          change.to = next.productId
          change.timing = .atNextRenewal(next.purchaseDate, isScheduled: false)
        }
      } else if let state, state.autoRenewProductId != milestone.productId {
        change.to = state.autoRenewProductId
        switch state.phase {
        case .active: change.timing = .atNextRenewal(state.expiresDate, isScheduled: state.expiresDate > now)
        case .billingRetry: change.timing = .atNextRenewal(nil, isScheduled: true)
        case .expired, .revoked: change.timing = .never
        }
      }
      return change
    }
  }

  /// The change as a mark: its kind from the products' levels, and what it was in words.
  func marker(in catalog: Catalog) -> TimelineMarker {
    var kind = TimelineMarker.Kind.planChangeCancelled
    var detail = "pending change of plan cancelled: \(milestone.productId) renews"
    if let timing {
      if let from, let to, let old = catalog.product(from)?.subscription,
        let new = catalog.product(to)?.subscription
      {
        kind = new.level < old.level ? .upgrade : new.level > old.level ? .downgrade : .crossgrade
        detail =
          "\(kind.label) from \(from) (level \(old.level), \(old.period)) to \(to) (level \(new.level), \(new.period))"
      } else {
        kind = .planChange
        detail =
          "change of plan (\(milestone.kind.name))" + (from.map { " from \($0)" } ?? "")
          + (to.map { " to \($0)" } ?? "")
      }
      switch timing {
      case .atOnce: detail += ", at once"
      case .atNextRenewal(let date, let isScheduled):
        detail += ", at the next renewal" + (date.map { " \(Timestamp.iso8601($0))" } ?? "")
        if isScheduled { detail += " (scheduled)" }
      case .never: detail += ", never in effect: replaced, or the subscription ended, before the renewal"
      }
    }
    return TimelineMarker(
      time: milestone.time, kind: kind, detail: detail, transactionNumber: milestone.transactionNumber)
  }

}

extension Milestone.Kind {
  /// Whether it records a change of plan: `DID_CHANGE_RENEWAL_PREF` (an upgrade, a pending change,
  /// or a pending change cancelled), or `OFFER_REDEEMED` that came with an upgrade or a downgrade.
  var isPlanChange: Bool {
    guard case .notice(let kind, let subtype) = self else { return false }
    return kind == .didChangeRenewalPref
      || (kind == .offerRedeemed && (subtype == .upgrade || subtype == .downgrade))
  }
}
