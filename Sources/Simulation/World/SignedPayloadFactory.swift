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

  private var store: Store { world.store }

  /// Apple's numeric storefront identifiers for the built-in storefronts.
  static let storefrontIds: [String: String] = [
    "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "ITA": "143450", "ESP": "143454",
    "CAN": "143455", "CHE": "143459", "AUS": "143460", "JPN": "143462", "CHN": "143465", "KOR": "143466",
    "IND": "143467", "BRA": "143503",
  ]

  /// A `JWSTransactionDecodedPayload` for a history entry.
  public func transaction(_ record: PurchaseRecord) -> JWSTransactionDecodedPayload {
    let product = store.catalog.product(record.productId)
    var payload = JWSTransactionDecodedPayload(
      originalTransactionId: record.originalTransactionId, transactionId: record.transactionId,
      webOrderLineItemId: record.webOrderLineItemId, bundleId: store.catalog.bundleId,
      productId: record.productId,
      subscriptionGroupIdentifier: product?.subscription.map { SubscriptionGroupNumber.of($0.group) },
      purchaseDate: record.purchaseDate,
      originalPurchaseDate: record.originalPurchaseDate, expiresDate: record.expiresDate,
      quantity: record.quantity,
      type: record.productType, inAppOwnershipType: record.isFamilyShared ? .familyShared : .purchased,
      signedDate: store.clock.now, environment: world.environment, storefront: record.storefront,
      storefrontId: Self.storefrontIds[record.storefront],
      transactionReason: record.reason == .renewal ? .renewal : .purchase, currency: record.charged.currency,
      price: Self.milliunits(record.charged.amount))
    if let cancelled = record.cancellationDate, !record.isUpgraded {
      payload.revocationDate = cancelled
      payload.revocationReason = record.cancellationReason == .appIssue ? .refundedDueToIssue : .otherReason
    }
    if record.isUpgraded { payload.isUpgraded = true }
    payload.appAccountToken = world.serverAPI.appAccountToken(for: record)
    if record.isTrialPeriod || record.isInIntroOfferPeriod || record.promotionalOfferId != nil {
      payload.offerType = record.promotionalOfferId == nil ? .introductoryOffer : .promotionalOffer
      payload.offerIdentifier = record.promotionalOfferId
      payload.offerDiscountType = record.isTrialPeriod ? .freeTrial : .payAsYouGo
    }
    return payload
  }

  /// A `JWSRenewalInfoDecodedPayload` for a subscription.
  public func renewalInfo(_ state: SubscriptionState) -> JWSRenewalInfoDecodedPayload {
    let price = store.catalog.product(state.autoRenewProductId).map { store.price(of: $0) }
    var payload = JWSRenewalInfoDecodedPayload(
      originalTransactionId: String(state.originalTransactionNumber),
      autoRenewProductId: state.autoRenewProductId,
      productId: state.productId, autoRenewStatus: state.isAutoRenewOn ? .on : .off,
      signedDate: store.clock.now, environment: world.environment,
      recentSubscriptionStartDate: state.originalPurchaseDate,
      renewalDate: state.isLive && state.isAutoRenewOn ? state.expiresDate : nil, currency: price?.currency,
      renewalPrice: price.map { Self.milliunits($0.amount) })
    payload.expirationIntent = state.expirationIntent
    if state.billingRetryStart != nil { payload.isInBillingRetryPeriod = true }
    payload.gracePeriodExpiresDate = state.gracePeriodExpiresDate
    if let account = store.account(named: state.accountName), state.latestIndex < account.history.count {
      payload.appAccountToken = world.serverAPI.appAccountToken(for: account.history[state.latestIndex])
    }
    switch state.priceConsent {
    case .none: break
    case .pending: payload.priceIncreaseStatus = .customerHasNotResponded
    case .accepted: payload.priceIncreaseStatus = .customerConsentedOrWasNotifiedWithoutNeedingConsent
    }
    return payload
  }

  /// The `AppTransaction` of the app on a device.
  public func appTransaction(for device: Device) -> AppTransaction {
    AppTransaction(
      receiptType: world.environment, appAppleId: 0, bundleId: store.catalog.bundleId,
      applicationVersion: store.catalog.appVersion, versionExternalIdentifier: 0,
      receiptCreationDate: store.clock.now, originalPurchaseDate: world.originalPurchaseDate,
      originalApplicationVersion: world.originalApplicationVersion,
      deviceVerification: Data(device.identifier).base64EncodedString(),
      deviceVerificationNonce: UUID(uuid: Self.uuidBytes(device.identifier)).uuidString.lowercased(),
      originalPlatform: .iOS)
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
