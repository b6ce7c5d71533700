import Foundation
import JSON

extension JWSTransactionDecodedPayload: JSONObjectWritable, AppStoreJSONWritable {
  /// Writes the members as the App Store signs them: keys sorted, dates as whole milliseconds since
  /// 1970. The one list that both ``appStoreJSON()`` (what ``JWSSigner`` signs) and `encode(to:)`
  /// (``AppStoreJSON``'s encoder) write, so a new field is one line here beside its coding key.
  ///
  /// - Parameter writer: The writer to write them to.
  /// - Throws: `EncodingError.invalidValue` for a date beyond 64-bit milliseconds.
  public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
    try writer.member(CodingKeys.appAccountToken.rawValue, appAccountToken)
    try writer.member(CodingKeys.appTransactionId.rawValue, appTransactionId)
    try writer.member(CodingKeys.rawBillingPlanType.rawValue, rawBillingPlanType)
    try writer.member(CodingKeys.bundleId.rawValue, bundleId)
    try writer.member(CodingKeys.commitmentInfo.rawValue, commitmentInfo)
    try writer.member(CodingKeys.currency.rawValue, currency)
    try writer.member(CodingKeys.deviceVerification.rawValue, deviceVerification)
    try writer.member(CodingKeys.deviceVerificationNonce.rawValue, deviceVerificationNonce)
    try writer.member(CodingKeys.rawEnvironment.rawValue, rawEnvironment)
    try writer.member(CodingKeys.expiresDate.rawValue, milliseconds(expiresDate))
    try writer.member(CodingKeys.rawInAppOwnershipType.rawValue, rawInAppOwnershipType)
    try writer.member(CodingKeys.isUpgraded.rawValue, isUpgraded)
    try writer.member(CodingKeys.rawOfferDiscountType.rawValue, rawOfferDiscountType)
    try writer.member(CodingKeys.offerIdentifier.rawValue, offerIdentifier)
    try writer.member(CodingKeys.offerPeriod.rawValue, offerPeriod)
    try writer.member(CodingKeys.rawOfferType.rawValue, rawOfferType.map(Int.init))
    try writer.member(CodingKeys.originalPurchaseDate.rawValue, milliseconds(originalPurchaseDate))
    try writer.member(CodingKeys.originalTransactionId.rawValue, originalTransactionId)
    try writer.member(CodingKeys.price.rawValue, price.map(Int.init))
    try writer.member(CodingKeys.productId.rawValue, productId)
    try writer.member(CodingKeys.purchaseDate.rawValue, milliseconds(purchaseDate))
    try writer.member(CodingKeys.quantity.rawValue, quantity)
    try writer.member(CodingKeys.revocationDate.rawValue, milliseconds(revocationDate))
    try writer.member(CodingKeys.revocationPercentage.rawValue, revocationPercentage.map(Int.init))
    try writer.member(CodingKeys.rawRevocationReason.rawValue, rawRevocationReason.map(Int.init))
    try writer.member(CodingKeys.rawRevocationType.rawValue, rawRevocationType)
    try writer.member(CodingKeys.signedDate.rawValue, milliseconds(signedDate))
    try writer.member(CodingKeys.storefront.rawValue, storefront)
    try writer.member(CodingKeys.storefrontId.rawValue, storefrontId)
    try writer.member(CodingKeys.subscriptionGroupIdentifier.rawValue, subscriptionGroupIdentifier)
    try writer.member(CodingKeys.transactionId.rawValue, transactionId)
    try writer.member(CodingKeys.rawTransactionReason.rawValue, rawTransactionReason)
    try writer.member(CodingKeys.rawType.rawValue, rawType)
    try writer.member(CodingKeys.webOrderLineItemId.rawValue, webOrderLineItemId)
  }

  /// The payload's JSON from ``writeMembers(to:)``, written straight into one buffer: what
  /// ``JWSSigner`` signs, in a fraction of the time `JSONEncoder` takes.
  ///
  /// - Returns: The bytes, or `nil` for a date beyond 64-bit milliseconds (the signer's encoder
  ///   then names it in its error).
  func appStoreJSON() -> [UInt8]? {
    try? compactJSON(capacity: 768)
  }

  /// A date as the App Store writes it: whole milliseconds since 1970, rounded to the nearest;
  /// `nil` stays `nil`.
  ///
  /// - Throws: `EncodingError.invalidValue` for a date beyond 64-bit milliseconds.
  private func milliseconds(_ date: Date?) throws -> Int? {
    try AppStoreJSON.wholeMilliseconds(date)
  }
}
