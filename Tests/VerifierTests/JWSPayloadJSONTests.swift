import Foundation
import Testing

@testable import Verifier

/// The signed transaction's JSON written straight into a buffer is, byte for byte, what the App
/// Store's `JSONEncoder` (sorted keys, dates in milliseconds) writes: every key, none, and strings
/// that need escapes.
@Suite struct JWSPayloadJSONTests {
  private func expectSame(_ payload: JWSTransactionDecodedPayload, _ comment: Comment) throws {
    let fast = try #require(payload.appStoreJSON(), comment)
    let foundation = Array(try AppStoreJSON.encoder().encode(payload))
    #expect(String(decoding: fast, as: UTF8.self) == String(decoding: foundation, as: UTF8.self), comment)
  }

  @Test func everyKeyAndNoneAreWrittenAsTheEncoderWritesThem() throws {
    let date = Date(timeIntervalSince1970: 1_767_225_600.0004)
    var everyKey = JWSTransactionDecodedPayload(
      originalTransactionId: "2000000000000001", transactionId: "2000000000000002",
      webOrderLineItemId: "2000000050000001", bundleId: "com.example/app", productId: "pro.monthly",
      subscriptionGroupIdentifier: "21482456", purchaseDate: date, originalPurchaseDate: date,
      expiresDate: date.addingTimeInterval(86_400.0006), quantity: 3, type: .autoRenewable,
      appAccountToken: "quote \" backslash \\ newline \n tab \t bell \u{7} é 😀",
      inAppOwnershipType: .familyShared,
      signedDate: date, revocationReason: .refundedDueToIssue, revocationDate: date, isUpgraded: true,
      offerType: .promotionalOffer, offerIdentifier: "winback", environment: .sandbox, storefront: "USA",
      storefrontId: "143441", transactionReason: .renewal, currency: "USD", price: 4990,
      offerDiscountType: .payAsYouGo, appTransactionId: "705000000000000001", offerPeriod: "P1M",
      revocationType: .refundFull, revocationPercentage: 100_000)
    everyKey.deviceVerification = "aW9zMTg="
    everyKey.deviceVerificationNonce = "4b3b0e2a-0000-4000-8000-000000000001"
    everyKey.billingPlanType = .monthly
    everyKey.commitmentInfo = TransactionCommitmentInfo(
      billingPeriodNumber: 3, commitmentExpiresDate: date.addingTimeInterval(31_536_000.0004),
      commitmentPrice: 71_880, totalBillingPeriods: 12)
    try expectSame(everyKey, "every key")
    var partial = JWSTransactionDecodedPayload(transactionId: "1")
    partial.commitmentInfo = TransactionCommitmentInfo(billingPeriodNumber: 1)
    try expectSame(partial, "a commitment with one field")
    try expectSame(JWSTransactionDecodedPayload(), "no key")
    try expectSame(
      JWSTransactionDecodedPayload(
        transactionId: "1", purchaseDate: Date(timeIntervalSince1970: -1.5), isUpgraded: false),
      "a date before 1970 and false")
  }

  /// `encode(to:)` writes the members the payload lists (dates as milliseconds whatever the
  /// encoder's date strategy), not a synthesized encoding.
  @Test func anyEncoderWritesTheListedMembers() throws {
    let payload = JWSTransactionDecodedPayload(
      transactionId: "7", purchaseDate: Date(timeIntervalSince1970: 1))
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(payload)) as? [String: Any]
    #expect(object?["purchaseDate"] as? Int == 1000 && object?["transactionId"] as? String == "7")
    #expect(object?.count == 2)
  }

  /// Apple's 1.21 fields decode from the App Store's JSON; a billing plan this model does not know
  /// keeps its wire value and reads as `nil`, in transactions and renewal info alike.
  @Test func commitmentFieldsDecodeAndUnknownPlansKeepTheirWireValue() throws {
    let transaction = try AppStoreJSON.decoder().decode(
      JWSTransactionDecodedPayload.self,
      from: Data(
        #"{"billingPlanType":"QUARTERLY","commitmentInfo":{"billingPeriodNumber":2,"commitmentExpiresDate":1798761600000,"commitmentPrice":71880,"totalBillingPeriods":12},"transactionId":"9"}"#
          .utf8))
    #expect(transaction.rawBillingPlanType == "QUARTERLY" && transaction.billingPlanType == nil)
    #expect(
      transaction.commitmentInfo
        == TransactionCommitmentInfo(
          billingPeriodNumber: 2, commitmentExpiresDate: Date(timeIntervalSince1970: 1_798_761_600),
          commitmentPrice: 71_880, totalBillingPeriods: 12))
    #expect(String(decoding: try #require(transaction.appStoreJSON()), as: UTF8.self).contains("QUARTERLY"))
    let renewal = try AppStoreJSON.decoder().decode(
      JWSRenewalInfoDecodedPayload.self,
      from: Data(
        #"{"commitmentInfo":{"commitmentAutoRenewStatus":7,"commitmentRenewalBillingPlanType":"MONTHLY"},"renewalBillingPlanType":"WEEKLY"}"#
          .utf8))
    #expect(renewal.renewalBillingPlanType == nil && renewal.rawRenewalBillingPlanType == "WEEKLY")
    #expect(renewal.commitmentInfo?.commitmentAutoRenewStatus == nil)
    #expect(renewal.commitmentInfo?.rawCommitmentAutoRenewStatus == 7)
    #expect(renewal.commitmentInfo?.commitmentRenewalBillingPlanType == .monthly)
  }

  @Test func aDateBeyondMillisecondsIsLeftToTheEncoder() {
    #expect(
      JWSTransactionDecodedPayload(purchaseDate: Date(timeIntervalSince1970: 1e300)).appStoreJSON() == nil)
  }
}
