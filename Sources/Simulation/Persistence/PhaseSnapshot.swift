import Store
import Vocabulary

/// Where a subscription's renewal stands in a saved world: `active`, `billingRetry` (with when it
/// began and the grace period's end), `expired` (with the intent) or `revoked`.
struct PhaseSnapshot: Codable, Hashable {
  var state: String
  var since: Double?
  var graceUntil: Double?
  var expirationIntent: Int?

  init(_ phase: SubscriptionState.Phase) {
    switch phase {
    case .active: state = "active"
    case .billingRetry(let since, let graceUntil):
      state = "billingRetry"
      self.since = since.secondsSince1970
      self.graceUntil = graceUntil?.secondsSince1970
    case .expired(let intent):
      state = "expired"
      expirationIntent = intent?.rawValue
    case .revoked: state = "revoked"
    }
  }

  func phase(at path: String) throws(WorldFileError) -> SubscriptionState.Phase {
    switch state {
    case "active": return .active
    case "billingRetry":
      guard let since else {
        throw WorldFileError(path: path + ".since", reason: "billing retry needs its start")
      }
      return .billingRetry(since: SnapshotPath.date(since), graceUntil: graceUntil.map(SnapshotPath.date))
    case "expired":
      return .expired(
        try SnapshotPath.parse(
          optional: expirationIntent, as: ExpirationIntent.self, at: path + ".expirationIntent"))
    case "revoked": return .revoked
    default:
      throw WorldFileError(
        path: path + ".state",
        reason: "unknown phase \"\(state)\" (expected active, billingRetry, expired, revoked)")
    }
  }
}
