import Catalog
import Foundation
import Queue
import Store
import Verifier

/// Builds the StoreKit 2 and App Store Server API payloads a JWS carries, from Apple's records.
public struct SignedPayloadFactory {
  let world: World

  /// Creates a factory over a world's records.
  public init(world: World) {
    self.world = world
  }

  var store: Store { world.store }

  /// Apple's numeric storefront identifiers for the built-in storefronts.
  public static let storefrontIds: [String: String] = [
    "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "ITA": "143450", "ESP": "143454",
    "CAN": "143455", "CHE": "143459", "AUS": "143460", "JPN": "143462", "CHN": "143465", "KOR": "143466",
    "IND": "143467", "BRA": "143503",
  ]

  /// A `JWSTransactionDecodedPayload` for a history entry.
  ///
  /// Besides the entry's own facts it carries the fields of 2024–2026: `appTransactionId` (the
  /// holding account's app download transaction, `Account.appTransactionNumber`),
  /// `price` in milliunits and `currency`, `transactionReason`, the offer's `offerDiscountType`
  /// and `offerPeriod`, and for a refunded entry `revocationType` (`REFUND_FULL`, or
  /// `REFUND_PRORATED` when less than the whole charge came back) with `revocationPercentage` in
  /// milliunits; a family member's entry revoked with the purchaser's is `FAMILY_REVOKE`, without
  /// a percentage (no money of the member's came back).
  public func transaction(_ record: PurchaseRecord) -> JWSTransactionDecodedPayload {
    let product = store.catalog.product(record.productId)
    var payload = JWSTransactionDecodedPayload(
      originalTransactionId: record.originalTransactionId, transactionId: record.transactionId,
      webOrderLineItemId: record.webOrderLineItemId, bundleId: store.catalog.bundleId,
      productId: record.productId,
      subscriptionGroupIdentifier: product?.subscription?.groupIdentifier,
      purchaseDate: record.purchaseDate,
      originalPurchaseDate: record.originalPurchaseDate, expiresDate: record.expiresDate,
      quantity: record.quantity,
      type: record.productType, inAppOwnershipType: record.isFamilyShared ? .familyShared : .purchased,
      signedDate: store.clock.now, environment: world.environment, storefront: record.storefront,
      storefrontId: Self.storefrontIds[record.storefront],
      transactionReason: record.reason == .renewal ? .renewal : .purchase, currency: record.charged.currency,
      price: Self.milliunits(record.charged.amount),
      appTransactionId: store.account(holdingTransaction: record.transactionNumber)?.appTransactionId)
    if let cancelled = record.cancellationDate, !record.isUpgraded {
      payload.revocationDate = cancelled
      payload.revocationReason = record.cancellationReason == .appIssue ? .refundedDueToIssue : .otherReason
      if record.isFamilyShared {
        payload.revocationType = .familyRevoke
      } else {
        let percentage = Self.refundedPercentage(of: record)
        payload.revocationType = percentage == Self.whole ? .refundFull : .refundProrated
        payload.revocationPercentage = percentage
      }
    }
    if record.isUpgraded { payload.isUpgraded = true }
    payload.appAccountToken = world.serverAPI.appAccountToken(for: record)
    if let kind = record.offerKind {
      let offer = offer(of: record)
      payload.offerType = OfferType(kind)
      payload.offerIdentifier = record.offer?.id
      payload.offerDiscountType =
        offer.map { Self.discountType($0.mode) } ?? (record.isTrialPeriod ? .freeTrial : nil)
      payload.offerPeriod = offer.flatMap { $0.mode == .oneTime ? nil : $0.duration.iso8601 }
    }
    addBillingPlan(of: record, to: &payload)
    return payload
  }

  /// A `JWSRenewalInfoDecodedPayload` for a subscription (see `addBillingPlan(of:to:)` for
  /// one bought with a billing plan): `expirationIntent` 2 (billing error)
  /// while Apple retries a failed renewal, with `appTransactionId`, the app account
  /// token of its current period, and the offer the next renewal is in (a promotional offer
  /// redeemed for it, or the current offer's periods left), whose price is then `renewalPrice`.
  public func renewalInfo(_ state: SubscriptionState) -> JWSRenewalInfoDecodedPayload {
    let account = store.account(named: state.accountName)
    let next = state.pendingOffer ?? (state.offerPeriodsLeft > 0 ? state.offer : nil)
    let price = store.catalog.product(state.autoRenewProductId).map { store.price(of: $0) }
    var payload = JWSRenewalInfoDecodedPayload(
      originalTransactionId: String(state.originalTransactionNumber),
      autoRenewProductId: state.autoRenewProductId,
      productId: state.productId, autoRenewStatus: state.willRenewNext ? .on : .off,
      signedDate: store.clock.now, environment: world.environment,
      recentSubscriptionStartDate: state.originalPurchaseDate,
      renewalDate: state.isLive && state.willRenewNext ? state.expiresDate : nil, currency: price?.currency,
      renewalPrice: price.map { Self.milliunits(next?.price ?? $0.amount) },
      appTransactionId: account?.appTransactionId)
    // While Apple retries a failed renewal (in the grace period too), the renewal info already
    // says why the subscription would expire: a billing error.
    payload.expirationIntent =
      state.expirationIntent ?? (state.billingRetryStart != nil ? .billingError : nil)
    if state.billingRetryStart != nil { payload.isInBillingRetryPeriod = true }
    payload.gracePeriodExpiresDate = state.gracePeriodExpiresDate
    if let account {
      let winBack = store.eligibleWinBackOffers(group: state.group, account: account).compactMap(\.offer.id)
      if !winBack.isEmpty { payload.eligibleWinBackOfferIds = winBack }
    }
    if let account, state.latestIndex < account.history.count {
      payload.appAccountToken = world.serverAPI.appAccountToken(for: account.history[state.latestIndex])
    }
    if let next {
      payload.offerType = OfferType(next.kind)
      payload.offerIdentifier = next.reference?.id
      payload.offerDiscountType = Self.discountType(next.mode)
      payload.offerPeriod = next.duration.iso8601
    }
    switch state.priceConsent {
    case .none: break
    case .pending: payload.priceIncreaseStatus = .customerHasNotResponded
    case .accepted: payload.priceIncreaseStatus = .customerConsentedOrWasNotifiedWithoutNeedingConsent
    }
    addBillingPlan(of: state, to: &payload)
    return payload
  }

  /// The `AppTransaction` of the app on a device: `appTransactionId` is the signed-in account's
  /// app download transaction (none when no account is signed in), `originalPlatform` `iOS`, and
  /// `appAppleId` the world's ``World/appAppleId`` in production, absent in the sandbox (Apple's
  /// `AppTransaction.appID` is nil there).
  public func appTransaction(for device: Device) -> AppTransaction {
    AppTransaction(
      receiptType: world.environment, appAppleId: world.appAppleIdInEnvironment,
      bundleId: store.catalog.bundleId,
      applicationVersion: store.catalog.appVersion, versionExternalIdentifier: 0,
      receiptCreationDate: store.clock.now, originalPurchaseDate: world.originalPurchaseDate,
      originalApplicationVersion: world.originalApplicationVersion,
      deviceVerification: Data(device.identifier).base64EncodedString(),
      deviceVerificationNonce: UUID(uuid: Self.uuidBytes(device.identifier)).uuidString.lowercased(),
      appTransactionId: device.queue.account?.appTransactionId, originalPlatform: .iOS)
  }

  /// The offer a history entry was bought in, as the catalog has it: the offer it names, else the
  /// product's introductory offer; `nil` for an entry in no offer, or one the catalog no longer has.
  func offer(of record: PurchaseRecord) -> Offer? {
    guard record.offerKind != nil, let product = store.catalog.product(record.productId) else { return nil }
    guard let reference = record.offer else { return product.subscription?.introductoryOffer }
    return product.offer(reference)
  }

  /// Apple's `offerDiscountType` of an offer's payment mode.
  static func discountType(_ mode: Offer.PaymentMode) -> OfferDiscountType {
    switch mode {
    case .freeTrial: .freeTrial
    case .payAsYouGo: .payAsYouGo
    case .payUpFront: .payUpFront
    case .oneTime: .oneTime
    }
  }

  /// All of a charge, in milliunits of a percent: `revocationPercentage` 100000.
  static let whole: Int32 = 100_000

  /// How much of a refunded entry's charge came back, in milliunits of a percent (rounded to
  /// three decimals, as Apple's `revocationPercentage`); a free entry's refund is whole.
  static func refundedPercentage(of record: PurchaseRecord) -> Int32 {
    guard record.charged.amount > 0, let refunded = record.refunded else { return whole }
    var share = refunded.amount / record.charged.amount * Decimal(whole)
    var rounded = Decimal()
    NSDecimalRound(&rounded, &share, 0, .plain)
    return Int32(truncating: NSDecimalNumber(decimal: min(rounded, Decimal(whole))))
  }

  /// Prices in JWS payloads are in milliunits: 0.99 is 990.
  static func milliunits(_ amount: Decimal) -> Int64 {
    NSDecimalNumber(decimal: amount * 1000).int64Value
  }

  private static func uuidBytes(_ bytes: [UInt8]) -> uuid_t {
    let b = bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
    return (
      b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
    )
  }
}
