import Catalog
import Foundation
import Vocabulary

extension SubscriptionState {
  /// Everything about a subscription that changes over its life, as a saved world keeps it.
  public struct Progress: Hashable, Sendable {
    /// The product of the current (or last) period.
    public var productId: String
    /// The product the next renewal will be for.
    public var autoRenewProductId: String
    /// Whether it renews at period end.
    public var isAutoRenewOn: Bool
    /// When the current period ends.
    public var expiresDate: Date
    /// Renewals since the last purchase or resubscription.
    public var renewals: Int
    /// Offer periods left after the current one.
    public var offerPeriodsLeft: Int
    /// The offer of the current period.
    public var offer: Offer?
    /// A promotional offer the next renewal starts.
    public var pendingOffer: Offer?
    /// Where a price increase stands.
    public var priceConsent: PriceConsent
    /// Why it will expire at period end.
    public var pendingExpirationIntent: ExpirationIntent?
    /// The history index of the current period's record.
    public var latestIndex: Int
    /// When the renewal date was extended, oldest first.
    public var extensionDates: [Date]
    /// Where renewal stands.
    public var phase: Phase
    /// The generation of its scheduled events.
    public var generation: Int
    /// The billing plan of the current term, if bought with one.
    public var billingPlan: BillingPlan.Kind?
    /// The billing plan the next commitment starts with.
    public var renewalBillingPlan: BillingPlan.Kind?
    /// The current billing's place in its commitment.
    public var commitment: Commitment?

    /// Creates a progress record.
    public init(
      productId: String, autoRenewProductId: String, isAutoRenewOn: Bool, expiresDate: Date, renewals: Int,
      offerPeriodsLeft: Int, offer: Offer?, pendingOffer: Offer?, priceConsent: PriceConsent,
      pendingExpirationIntent: ExpirationIntent?, latestIndex: Int, extensionDates: [Date], phase: Phase,
      generation: Int
    ) {
      self.productId = productId
      self.autoRenewProductId = autoRenewProductId
      self.isAutoRenewOn = isAutoRenewOn
      self.expiresDate = expiresDate
      self.renewals = renewals
      self.offerPeriodsLeft = offerPeriodsLeft
      self.offer = offer
      self.pendingOffer = pendingOffer
      self.priceConsent = priceConsent
      self.pendingExpirationIntent = pendingExpirationIntent
      self.latestIndex = latestIndex
      self.extensionDates = extensionDates
      self.phase = phase
      self.generation = generation
    }
  }

  /// What changes over the subscription's life.
  public var progress: Progress {
    var progress = Progress(
      productId: productId, autoRenewProductId: autoRenewProductId, isAutoRenewOn: isAutoRenewOn,
      expiresDate: expiresDate, renewals: renewals, offerPeriodsLeft: offerPeriodsLeft, offer: offer,
      pendingOffer: pendingOffer, priceConsent: priceConsent,
      pendingExpirationIntent: pendingExpirationIntent,
      latestIndex: latestIndex, extensionDates: extensionDates, phase: phase, generation: generation)
    progress.billingPlan = billingPlan
    progress.renewalBillingPlan = renewalBillingPlan
    progress.commitment = commitment
    return progress
  }

  /// Rebuilds a subscription a saved world kept.
  ///
  /// - Parameters:
  ///   - accountName: the account it belongs to.
  ///   - group: its subscription group.
  ///   - originalTransactionNumber: the original transaction.
  ///   - originalPurchaseDate: when that was made.
  ///   - progress: where it stands.
  public convenience init(
    restoring accountName: String, group: String, originalTransactionNumber: UInt64,
    originalPurchaseDate: Date,
    progress: Progress
  ) {
    self.init(
      accountName: accountName, group: group, originalTransactionNumber: originalTransactionNumber,
      originalPurchaseDate: originalPurchaseDate, productId: progress.productId,
      expiresDate: progress.expiresDate, latestIndex: progress.latestIndex)
    autoRenewProductId = progress.autoRenewProductId
    isAutoRenewOn = progress.isAutoRenewOn
    renewals = progress.renewals
    offerPeriodsLeft = progress.offerPeriodsLeft
    offer = progress.offer
    pendingOffer = progress.pendingOffer
    priceConsent = progress.priceConsent
    pendingExpirationIntent = progress.pendingExpirationIntent
    extensionDates = progress.extensionDates
    phase = progress.phase
    generation = progress.generation
    billingPlan = progress.billingPlan
    renewalBillingPlan = progress.renewalBillingPlan
    commitment = progress.commitment
  }
}
