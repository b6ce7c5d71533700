import Catalog
import Foundation
import Vocabulary

/// One account's auto-renewable subscription in one subscription group, as Apple tracks it: the
/// current period, what renews next, and whether renewal is in trouble.
public final class SubscriptionState {
  /// Where a price increase stands for this subscriber.
  public enum PriceConsent: Hashable, Sendable {
    /// No increase is waiting for the customer.
    case none
    /// The customer must agree before the next renewal, or the subscription expires.
    case pending
    /// The customer agreed.
    case accepted
  }

  /// Where renewal stands (before time-dependent states such as grace are worked out).
  public enum Phase: Hashable, Sendable {
    /// Renewing normally.
    case active
    /// A renewal failed for billing reasons: Apple retries from `since`, access continuing until
    /// `graceUntil` when a grace period applies.
    case billingRetry(since: Date, graceUntil: Date?)
    /// Over, for this reason if known.
    case expired(ExpirationIntent?)
    /// Refunded or revoked.
    case revoked
  }

  /// The account it belongs to.
  public let accountName: String
  /// The subscription group.
  public let group: String
  /// The original transaction, shared by every period and product of the group.
  public let originalTransactionNumber: UInt64
  /// When the original transaction was made.
  public let originalPurchaseDate: Date
  /// The product of the current (or last) period.
  public internal(set) var productId: String
  /// The product the next renewal will be for (differs after a downgrade).
  public internal(set) var autoRenewProductId: String
  /// Whether it renews at period end.
  public internal(set) var isAutoRenewOn = true
  /// When the current period ends.
  public internal(set) var expiresDate: Date
  /// Renewals since the last purchase or resubscription.
  public internal(set) var renewals = 0
  /// Offer periods left after the current one (pay as you go, multi-period trials).
  public internal(set) var offerPeriodsLeft = 0
  /// The offer the current period is in, if any.
  public internal(set) var offer: Offer?
  /// A promotional offer redeemed during the current period, which the next renewal starts.
  public internal(set) var pendingOffer: Offer?
  /// A price increase waiting for, or given, the customer's consent.
  public internal(set) var priceConsent = PriceConsent.none
  /// Why it will expire at period end, when auto-renew is off.
  public internal(set) var pendingExpirationIntent: ExpirationIntent?
  /// The history index of the current period's record.
  public internal(set) var latestIndex: Int
  /// When the renewal date was extended (App Store Server API), oldest first.
  public internal(set) var extensionDates: [Date] = []
  /// Where renewal stands.
  public internal(set) var phase = Phase.active
  /// The billing plan the current term was bought under, when the product was bought with one.
  public internal(set) var billingPlan: BillingPlan.Kind?
  /// The billing plan the next commitment starts with (`commitmentRenewalBillingPlanType`).
  public internal(set) var renewalBillingPlan: BillingPlan.Kind?
  /// The current billing's place in its commitment, for a plan billed monthly.
  public internal(set) var commitment: Commitment?
  /// Bumped whenever scheduled events for this subscription become stale.
  public internal(set) var generation = 0

  convenience init(accountName: String, group: String, record: PurchaseRecord, index: Int) {
    self.init(
      accountName: accountName, group: group, originalTransactionNumber: record.originalTransactionNumber,
      originalPurchaseDate: record.originalPurchaseDate, productId: record.productId,
      expiresDate: record.expiresDate ?? record.purchaseDate, latestIndex: index)
  }

  init(
    accountName: String, group: String, originalTransactionNumber: UInt64, originalPurchaseDate: Date,
    productId: String, expiresDate: Date, latestIndex: Int
  ) {
    self.accountName = accountName
    self.group = group
    self.originalTransactionNumber = originalTransactionNumber
    self.originalPurchaseDate = originalPurchaseDate
    self.productId = productId
    self.autoRenewProductId = productId
    self.expiresDate = expiresDate
    self.latestIndex = latestIndex
  }

  /// The status at an instant.
  public func status(at now: Date) -> SubscriptionStatus {
    switch phase {
    case .revoked: return .revoked
    case .expired: return .expired
    case .billingRetry(_, let graceUntil):
      if let graceUntil, now < graceUntil { return .inGrace }
      return .inBillingRetry
    case .active:
      guard let offer else { return .active }
      switch offer.kind {
      case .introductory: return offer.mode == .freeTrial ? .inTrial : .inIntro
      case .promotional, .code, .winBack: return .inOffer
      }
    }
  }

  /// Why it expired, once it has.
  public var expirationIntent: ExpirationIntent? {
    if case .expired(let intent) = phase { return intent }
    return nil
  }

  /// When billing retry began, while it lasts.
  public var billingRetryStart: Date? {
    if case .billingRetry(let since, _) = phase { return since }
    return nil
  }

  /// When the grace period ends, while billing retry lasts with grace.
  public var gracePeriodExpiresDate: Date? {
    if case .billingRetry(_, let graceUntil) = phase { return graceUntil }
    return nil
  }

  /// Whether the customer is committed to the next billing: a commitment billed monthly has billings
  /// left, which the App Store charges even with auto-renew off.
  public var isCommittedToNextBilling: Bool { commitment?.hasBillingsLeft ?? false }

  /// Whether the next renewal date brings a charge: auto-renew is on, or the customer is committed
  /// to it (the renewal info's `autoRenewStatus`; `commitmentAutoRenewStatus` is ``isAutoRenewOn``).
  public var willRenewNext: Bool { isAutoRenewOn || isCommittedToNextBilling }

  /// Whether the subscription is still running: current, or in billing retry.
  public var isLive: Bool {
    switch phase {
    case .active, .billingRetry: true
    case .expired, .revoked: false
    }
  }
}
