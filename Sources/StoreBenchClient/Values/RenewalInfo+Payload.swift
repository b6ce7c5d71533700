import Foundation
import Verifier

extension Product.SubscriptionInfo.RenewalInfo {
  /// The renewal info a signed payload describes, as StoreKit reads it.
  package init(_ payload: JWSRenewalInfoDecodedPayload, signed: SignedValue) {
    originalTransactionID = payload.originalTransactionId.flatMap(UInt64.init) ?? 0
    currentProductID = payload.productId ?? ""
    willAutoRenew = payload.autoRenewStatus == .on
    autoRenewPreference = payload.autoRenewProductId
    expirationReason = payload.rawExpirationIntent.map { ExpirationReason(rawValue: Int($0)) }
    priceIncreaseStatus =
      switch payload.priceIncreaseStatus {
      case nil: .noIncreasePending
      case .customerHasNotResponded?: .pending
      case .customerConsentedOrWasNotifiedWithoutNeedingConsent?: .agreed
      }
    isInBillingRetry = payload.isInBillingRetryPeriod ?? false
    gracePeriodExpirationDate = payload.gracePeriodExpiresDate
    offer = Transaction.Offer(
      type: payload.rawOfferType, id: payload.offerIdentifier, paymentMode: payload.rawOfferDiscountType,
      period: payload.offerPeriod)
    environment = AppStore.Environment(
      rawValue: payload.rawEnvironment ?? AppStore.Environment.sandbox.rawValue)
    eligibleWinBackOfferIDs = payload.eligibleWinBackOfferIds ?? []
    deviceVerification = payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data()
    deviceVerificationNonce =
      payload.deviceVerificationNonce.flatMap(UUID.init(uuidString:)) ?? UUID(bytes: [])
    signedDate = payload.signedDate ?? .distantPast
    appAccountToken = payload.appAccountToken.flatMap(UUID.init(uuidString:))
    recentSubscriptionStartDate = payload.recentSubscriptionStartDate ?? .distantPast
    renewalDate = payload.renewalDate
    renewalPrice = payload.renewalPrice.map { Decimal($0) / 1000 }
    currency = payload.currency.map { Locale.Currency($0) }
    appTransactionID = payload.appTransactionId ?? ""
    commitmentInfo = payload.commitmentInfo.map { info in
      CommitmentInfo(
        autoRenewPreference: info.commitmentAutoRenewProductId ?? payload.autoRenewProductId ?? "",
        willAutoRenew: info.commitmentAutoRenewStatus == .on,
        renewalBillingPlanType: info.rawCommitmentRenewalBillingPlanType.map(
          Product.SubscriptionInfo.BillingPlanType.init(rawValue:)),
        renewalDate: info.commitmentRenewalDate,
        renewalPrice: info.commitmentRenewalPrice.map { Decimal($0) / 1000 })
    }
    renewalBillingPlanType = payload.rawRenewalBillingPlanType.map(
      Product.SubscriptionInfo.BillingPlanType.init(rawValue:))
    self.signed = signed
  }
}
