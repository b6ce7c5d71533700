import Catalog
import Store
import Vocabulary

/// An account's auto-renewable subscription in one group, in a saved world: its current period,
/// what renews next, offers, price consent, renewal phase and the generation of its events.
struct SubscriptionSnapshot: Codable, Hashable {
  var group: String
  var originalTransactionId: String
  var originalPurchaseDate: Double
  var productId: String
  var autoRenewProductId: String
  var isAutoRenewOn: Bool
  var expiresDate: Double
  var renewals: Int
  var offerPeriodsLeft: Int
  var offer: OfferSnapshot?
  var pendingOffer: OfferSnapshot?
  var priceConsent: String
  var pendingExpirationIntent: Int?
  var latestIndex: Int
  var extensionDates: [Double]
  var phase: PhaseSnapshot
  var generation: Int
  /// The billing plan of the current term (`MONTHLY`, `BILLED_UPFRONT`), when bought with one.
  var billingPlan: String?
  /// The billing plan the next commitment starts with.
  var renewalBillingPlan: String?
  /// The current billing's place in its commitment.
  var commitment: CommitmentSnapshot?

  init(_ state: SubscriptionState) {
    let progress = state.progress
    group = state.group
    originalTransactionId = String(state.originalTransactionNumber)
    originalPurchaseDate = state.originalPurchaseDate.secondsSince1970
    productId = progress.productId
    autoRenewProductId = progress.autoRenewProductId
    isAutoRenewOn = progress.isAutoRenewOn
    expiresDate = progress.expiresDate.secondsSince1970
    renewals = progress.renewals
    offerPeriodsLeft = progress.offerPeriodsLeft
    offer = progress.offer.map(OfferSnapshot.init)
    pendingOffer = progress.pendingOffer.map(OfferSnapshot.init)
    priceConsent = Self.word(progress.priceConsent)
    pendingExpirationIntent = progress.pendingExpirationIntent?.rawValue
    latestIndex = progress.latestIndex
    extensionDates = progress.extensionDates.map(\.secondsSince1970)
    phase = PhaseSnapshot(progress.phase)
    // Events are saved without their generation and take the subscription's on load, so the
    // counter itself carries nothing: 0 keeps equal worlds' files equal however they were built.
    generation = 0
    billingPlan = progress.billingPlan?.rawValue
    renewalBillingPlan = progress.renewalBillingPlan?.rawValue
    commitment = progress.commitment.map(CommitmentSnapshot.init)
  }

  private static func word(_ consent: SubscriptionState.PriceConsent) -> String {
    switch consent {
    case .none: "none"
    case .pending: "pending"
    case .accepted: "accepted"
    }
  }

  private func consent(at path: String) throws(WorldFileError) -> SubscriptionState.PriceConsent {
    switch priceConsent {
    case "none": return .none
    case "pending": return .pending
    case "accepted": return .accepted
    default:
      throw WorldFileError(
        path: path + ".priceConsent",
        reason: "unknown value \(priceConsent) (expected none, pending, accepted)")
    }
  }

  /// The subscription of an account whose history has `historyCount` entries.
  func state(
    accountName: String, historyCount: Int, catalog: Catalog, at path: String
  ) throws(WorldFileError) -> SubscriptionState {
    for (key, id) in [("productId", productId), ("autoRenewProductId", autoRenewProductId)]
    where catalog.product(id)?.subscription == nil {
      throw WorldFileError(path: "\(path).\(key)", reason: "unknown subscription product \"\(id)\"")
    }
    guard (0..<historyCount).contains(latestIndex) else {
      throw WorldFileError(path: path + ".latestIndex", reason: "\(latestIndex) is outside the history")
    }
    var progress = SubscriptionState.Progress(
      productId: productId, autoRenewProductId: autoRenewProductId, isAutoRenewOn: isAutoRenewOn,
      expiresDate: SnapshotPath.date(expiresDate), renewals: renewals, offerPeriodsLeft: offerPeriodsLeft,
      offer: try offer?.offer(at: path + ".offer"),
      pendingOffer: try pendingOffer?.offer(at: path + ".pendingOffer"),
      priceConsent: try consent(at: path),
      pendingExpirationIntent: try SnapshotPath.parse(
        optional: pendingExpirationIntent, as: ExpirationIntent.self, at: path + ".pendingExpirationIntent"),
      latestIndex: latestIndex, extensionDates: extensionDates.map(SnapshotPath.date),
      phase: try phase.phase(at: path + ".phase"), generation: generation)
    progress.billingPlan = try SnapshotPath.parse(
      optional: billingPlan, as: BillingPlan.Kind.self, at: path + ".billingPlan")
    progress.renewalBillingPlan = try SnapshotPath.parse(
      optional: renewalBillingPlan, as: BillingPlan.Kind.self, at: path + ".renewalBillingPlan")
    progress.commitment = try commitment?.commitment(at: path + ".commitment")
    return SubscriptionState(
      restoring: accountName, group: group,
      originalTransactionNumber: try SnapshotPath.number(
        originalTransactionId, at: path + ".originalTransactionId"),
      originalPurchaseDate: SnapshotPath.date(originalPurchaseDate), progress: progress)
  }
}
