import Foundation
import Store

/// How listings name the end of a subscription's current period: `expires` while it is live,
/// `ended` once it expired, and `revoked` with the refund's date (not the period's end) once the
/// App Store revoked it.
enum PeriodEnd {
  /// The label and the date: `("revoked", "2026-01-03T00:00:00Z")`.
  static func of(_ state: SubscriptionState, in account: Account) -> (label: String, date: String) {
    switch state.phase {
    case .revoked:
      let record =
        account.history.indices.contains(state.latestIndex) ? account.history[state.latestIndex] : nil
      if let date = record?.cancellationDate { return ("revoked", Timestamp.iso8601(date)) }
      return ("ended", Timestamp.iso8601(state.expiresDate))
    case .active, .billingRetry(since: _, graceUntil: _), .expired(_):
      return (state.isLive ? "expires" : "ended", Timestamp.iso8601(state.expiresDate))
    }
  }
}
