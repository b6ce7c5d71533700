import Foundation
import Verifier

extension Transaction {
  /// The transaction a signed payload describes, as StoreKit reads it.
  package init(_ payload: JWSTransactionDecodedPayload, signed: SignedValue, storefront: Storefront) {
    id = payload.transactionId.flatMap(UInt64.init) ?? 0
    originalID = payload.originalTransactionId.flatMap(UInt64.init) ?? id
    webOrderLineItemID = payload.webOrderLineItemId
    productID = payload.productId ?? ""
    subscriptionGroupID = payload.subscriptionGroupIdentifier
    appBundleID = payload.bundleId ?? ""
    purchaseDate = payload.purchaseDate ?? .distantPast
    originalPurchaseDate = payload.originalPurchaseDate ?? purchaseDate
    expirationDate = payload.expiresDate
    purchasedQuantity = payload.quantity ?? 1
    isUpgraded = payload.isUpgraded ?? false
    offer = Transaction.Offer(
      type: payload.rawOfferType, id: payload.offerIdentifier, paymentMode: payload.rawOfferDiscountType,
      period: payload.offerPeriod)
    revocationDate = payload.revocationDate
    revocationReason = payload.rawRevocationReason.map { RevocationReason(rawValue: Int($0)) }
    productType = Product.ProductType(rawValue: payload.rawType ?? "")
    appAccountToken = payload.appAccountToken.flatMap(UUID.init(uuidString:))
    environment = AppStore.Environment(
      rawValue: payload.rawEnvironment ?? AppStore.Environment.sandbox.rawValue)
    reason = Reason(rawValue: payload.rawTransactionReason ?? Reason.purchase.rawValue)
    self.storefront = storefront
    deviceVerification = payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data()
    deviceVerificationNonce =
      payload.deviceVerificationNonce.flatMap(UUID.init(uuidString:)) ?? UUID(bytes: [])
    ownershipType = OwnershipType(rawValue: payload.rawInAppOwnershipType ?? OwnershipType.purchased.rawValue)
    signedDate = payload.signedDate ?? .distantPast
    price = payload.price.map { Decimal($0) / 1000 }
    currency = payload.currency.map { Locale.Currency($0) }
    appTransactionID = payload.appTransactionId ?? ""
    billingPlanType = payload.rawBillingPlanType.map(Product.SubscriptionInfo.BillingPlanType.init(rawValue:))
    commitmentInfo = payload.commitmentInfo.flatMap(Transaction.CommitmentInfo.init(payload:))
    self.signed = signed
  }
}

extension Transaction.Offer {
  /// The offer a signed payload names, if it names one.
  package init?(type: Int32?, id: String?, paymentMode: String?, period: String?) {
    guard let type else { return nil }
    self.init(
      id: id, type: Transaction.OfferType(rawValue: Int(type)),
      paymentMode: paymentMode.map(PaymentMode.init(rawValue:)),
      period: period.flatMap(Product.SubscriptionPeriod.init(iso8601:)))
  }
}

extension Transaction.CommitmentInfo {
  /// The commitment a signed payload's `commitmentInfo` describes; `nil` when it lacks a field.
  package init?(payload info: TransactionCommitmentInfo) {
    guard let expires = info.commitmentExpiresDate, let number = info.billingPeriodNumber,
      let total = info.totalBillingPeriods, let price = info.commitmentPrice, number > 0, total > 0
    else { return nil }
    self.init(
      expirationDate: expires, billingPeriodNumber: UInt64(number), totalBillingPeriods: UInt64(total),
      price: Decimal(price) / 1000)
  }
}
