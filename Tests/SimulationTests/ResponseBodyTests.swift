import Foundation
import Testing

@testable import Simulation

/// verifyReceipt's JSON body read from Apple's answers, and written back.
@Suite struct ResponseBodyTests {
  /// A sandbox answer as Apple writes it (compact, keys in Apple's order, which is not alphabetical):
  /// a refunded non-consumable; a monthly subscription (a free trial, a renewal upgraded to premium
  /// mid-period) now in its billing grace period; a weekly one shared by the family, cancelled
  /// and expired. `unique_vendor_identifier` and `purchase_date_formatted` are keys this model does
  /// not know.
  static let sandboxAnswer = """
    {"receipt":{"receipt_type":"ProductionSandbox","adam_id":0,"app_item_id":0,\
    "bundle_id":"com.example.fitness","application_version":"37","download_id":0,\
    "version_external_identifier":0,\
    "receipt_creation_date":"2022-04-20 10:00:00 Etc/GMT","receipt_creation_date_ms":"1650448800000",\
    "receipt_creation_date_pst":"2022-04-20 03:00:00 America/Los_Angeles",\
    "request_date":"2022-04-20 10:00:03 Etc/GMT","request_date_ms":"1650448803000",\
    "request_date_pst":"2022-04-20 03:00:03 America/Los_Angeles",\
    "original_purchase_date":"2013-08-01 07:00:00 Etc/GMT","original_purchase_date_ms":"1375340400000",\
    "original_purchase_date_pst":"2013-08-01 00:00:00 America/Los_Angeles",\
    "original_application_version":"1.0","unique_vendor_identifier":"6C1F3B9A-4A0E-4C5B-9E55-0D5F0E8D2A11",\
    "in_app":[{"quantity":"1","product_id":"com.example.fitness.monthly",\
    "transaction_id":"1000000951241431","original_transaction_id":"1000000951241431",\
    "purchase_date":"2022-01-26 02:55:19 Etc/GMT","purchase_date_ms":"1643165719000",\
    "purchase_date_pst":"2022-01-25 18:55:19 America/Los_Angeles",\
    "original_purchase_date":"2022-01-26 02:55:19 Etc/GMT","original_purchase_date_ms":"1643165719000",\
    "original_purchase_date_pst":"2022-01-25 18:55:19 America/Los_Angeles",\
    "expires_date":"2022-02-26 02:55:19 Etc/GMT","expires_date_ms":"1645844119000",\
    "expires_date_pst":"2022-02-25 18:55:19 America/Los_Angeles",\
    "web_order_line_item_id":"1000000073330001","is_trial_period":"true","is_in_intro_offer_period":"false",\
    "in_app_ownership_type":"PURCHASED"}]},\
    "environment":"Sandbox",\
    "latest_receipt_info":[{"quantity":"1","product_id":"com.example.fitness.coaching.weekly",\
    "transaction_id":"1000000990000001","original_transaction_id":"1000000990000001",\
    "purchase_date":"2022-04-01 08:00:00 Etc/GMT","purchase_date_ms":"1648800000000",\
    "purchase_date_pst":"2022-04-01 01:00:00 America/Los_Angeles",\
    "original_purchase_date":"2022-04-01 08:00:00 Etc/GMT","original_purchase_date_ms":"1648800000000",\
    "original_purchase_date_pst":"2022-04-01 01:00:00 America/Los_Angeles",\
    "expires_date":"2022-04-08 08:00:00 Etc/GMT","expires_date_ms":"1649404800000",\
    "expires_date_pst":"2022-04-08 01:00:00 America/Los_Angeles",\
    "web_order_line_item_id":"1000000073990001","is_trial_period":"false","is_in_intro_offer_period":"false",\
    "in_app_ownership_type":"FAMILY_SHARED","subscription_group_identifier":"20923417"},\
    {"quantity":"1","product_id":"com.example.fitness.premium.monthly",\
    "transaction_id":"1000000981234567","original_transaction_id":"1000000951241431",\
    "purchase_date":"2022-03-12 10:30:00 Etc/GMT","purchase_date_ms":"1647081000000",\
    "purchase_date_pst":"2022-03-12 02:30:00 America/Los_Angeles",\
    "original_purchase_date":"2022-01-26 02:55:19 Etc/GMT","original_purchase_date_ms":"1643165719000",\
    "original_purchase_date_pst":"2022-01-25 18:55:19 America/Los_Angeles",\
    "expires_date":"2022-04-12 10:30:00 Etc/GMT","expires_date_ms":"1649759400000",\
    "expires_date_pst":"2022-04-12 03:30:00 America/Los_Angeles",\
    "web_order_line_item_id":"1000000073330003","is_trial_period":"false","is_in_intro_offer_period":"false",\
    "promotional_offer_id":"premium.winback","in_app_ownership_type":"PURCHASED",\
    "subscription_group_identifier":"20923416"},\
    {"quantity":"1","product_id":"com.example.fitness.monthly",\
    "transaction_id":"1000000970383226","original_transaction_id":"1000000951241431",\
    "purchase_date":"2022-02-26 02:55:19 Etc/GMT","purchase_date_ms":"1645844119000",\
    "purchase_date_pst":"2022-02-25 18:55:19 America/Los_Angeles",\
    "original_purchase_date":"2022-01-26 02:55:19 Etc/GMT","original_purchase_date_ms":"1643165719000",\
    "original_purchase_date_pst":"2022-01-25 18:55:19 America/Los_Angeles",\
    "expires_date":"2022-03-26 02:55:19 Etc/GMT","expires_date_ms":"1648263319000",\
    "expires_date_pst":"2022-03-25 19:55:19 America/Los_Angeles",\
    "cancellation_date":"2022-03-12 10:30:00 Etc/GMT","cancellation_date_ms":"1647081000000",\
    "cancellation_date_pst":"2022-03-12 02:30:00 America/Los_Angeles",\
    "web_order_line_item_id":"1000000073330002","is_trial_period":"false","is_in_intro_offer_period":"false",\
    "is_upgraded":"true","in_app_ownership_type":"PURCHASED","subscription_group_identifier":"20923416",\
    "purchase_date_formatted":"2022-02-26 02:55:19 Etc/GMT"},\
    {"quantity":"1","product_id":"com.example.fitness.coach",\
    "transaction_id":"1000000948300001","original_transaction_id":"1000000948300001",\
    "purchase_date":"2022-01-19 02:55:19 Etc/GMT","purchase_date_ms":"1642560919000",\
    "purchase_date_pst":"2022-01-18 18:55:19 America/Los_Angeles",\
    "original_purchase_date":"2022-01-19 02:55:19 Etc/GMT","original_purchase_date_ms":"1642560919000",\
    "original_purchase_date_pst":"2022-01-18 18:55:19 America/Los_Angeles","is_trial_period":"false",\
    "cancellation_date":"2022-02-02 02:55:19 Etc/GMT","cancellation_date_ms":"1643770519000",\
    "cancellation_date_pst":"2022-02-01 18:55:19 America/Los_Angeles","cancellation_reason":"0",\
    "in_app_ownership_type":"PURCHASED"}],\
    "latest_receipt":"MIIUVQYJKoZIhvcNAQcCoIIURjCCFEICAQExCzAJBgUrDgMCGgUAMIIDsQYJKoZIhvcNAQcBoIID/+/w==",\
    "pending_renewal_info":[{"auto_renew_product_id":"com.example.fitness.coaching.weekly",\
    "original_transaction_id":"1000000990000001","product_id":"com.example.fitness.coaching.weekly",\
    "auto_renew_status":"0","expiration_intent":"1"},\
    {"expiration_intent":"2","grace_period_expires_date":"2022-04-28 10:30:00 Etc/GMT",\
    "grace_period_expires_date_ms":"1651141800000",\
    "grace_period_expires_date_pst":"2022-04-28 03:30:00 America/Los_Angeles",\
    "auto_renew_product_id":"com.example.fitness.premium.monthly",\
    "original_transaction_id":"1000000951241431","product_id":"com.example.fitness.premium.monthly",\
    "auto_renew_status":"1","is_in_billing_retry_period":"1","price_increase_status":"1"}],\
    "status":0}
    """

  private func decode(_ text: String) throws -> ResponseBody {
    try JSONDecoder().decode(ResponseBody.self, from: Data(text.utf8))
  }

  @Test func aSandboxAnswerDecodes() throws {
    let body = try decode(Self.sandboxAnswer)
    #expect(body.status == 0)
    #expect(body.environment == "Sandbox")
    #expect(body.isRetryable == nil && body.isRetryableUnderscored == nil)
    #expect(body.latestReceipt?.hasSuffix("/+/w==") == true)

    let receipt = try #require(body.receipt)
    #expect(receipt.receiptType == "ProductionSandbox")
    #expect(receipt.bundleId == "com.example.fitness" && receipt.applicationVersion == "37")
    #expect(receipt.adamId == 0 && receipt.downloadId == 0 && receipt.versionExternalIdentifier == 0)
    #expect(receipt.requestDateMs == "1650448803000")
    #expect(receipt.originalPurchaseDatePst == "2013-08-01 00:00:00 America/Los_Angeles")
    #expect(receipt.expirationDate == nil && receipt.preorderDate == nil)
    let trial = try #require(receipt.inApp.first)
    #expect(receipt.inApp.count == 1)
    #expect(trial.isTrialPeriod == "true" && trial.isInIntroOfferPeriod == "false")
    #expect(trial.expiresDate == "2022-02-26 02:55:19 Etc/GMT")
    #expect(trial.inAppOwnershipType == "PURCHASED" && trial.subscriptionGroupIdentifier == nil)

    let latest = try #require(body.latestReceiptInfo)
    #expect(
      latest.map(\.transactionId) == [
        "1000000990000001", "1000000981234567", "1000000970383226", "1000000948300001",
      ])
    #expect(latest[0].inAppOwnershipType == "FAMILY_SHARED")
    #expect(latest[1].promotionalOfferId == "premium.winback")
    #expect(latest[1].subscriptionGroupIdentifier == "20923416")
    #expect(latest[2].isUpgraded == "true" && latest[2].cancellationReason == nil)
    #expect(latest[2].cancellationDateMs == "1647081000000")
    #expect(latest[3].cancellationReason == "0" && latest[3].expiresDate == nil)
    #expect(latest[3].webOrderLineItemId == nil && latest[3].isInIntroOfferPeriod == nil)
    #expect(latest.allSatisfy { $0.quantity == "1" })

    let pending = try #require(body.pendingRenewalInfo)
    #expect(pending.count == 2)
    #expect(pending[0].autoRenewStatus == "0" && pending[0].expirationIntent == "1")
    #expect(pending[0].isInBillingRetryPeriod == nil && pending[0].gracePeriodExpiresDate == nil)
    #expect(pending[1].expirationIntent == "2" && pending[1].isInBillingRetryPeriod == "1")
    #expect(pending[1].gracePeriodExpiresDate == "2022-04-28 10:30:00 Etc/GMT")
    #expect(pending[1].gracePeriodExpiresDateMs == "1651141800000")
    #expect(pending[1].gracePeriodExpiresDatePst == "2022-04-28 03:30:00 America/Los_Angeles")
    #expect(pending[1].priceIncreaseStatus == "1" && pending[1].priceConsentStatus == nil)
  }

  @Test func anErrorBodyDecodesWithEitherSpellingOfIsRetryable() throws {
    let observed = try decode(
      #"{"status":21010,"environment":"Production","is_retryable":false,"exception":"com.apple.jingle.commercelogic.inapplocker.exception.MZInAppLockerAccessException"}"#
    )
    #expect(observed.status == 21010 && observed.environment == "Production")
    #expect(observed.isRetryableUnderscored == false && observed.isRetryable == nil)
    #expect(observed.receipt == nil && observed.latestReceiptInfo == nil)
    let documented = try decode(#"{"status":21100,"is-retryable":true}"#)
    #expect(documented.isRetryable == true && documented.environment == nil)
  }

  @Test func writingThenReadingGivesTheSameBody() throws {
    let body = try decode(Self.sandboxAnswer)
    #expect(try decode(try body.renderedJSON()) == body)
    #expect(try JSONDecoder().decode(ResponseBody.self, from: JSONEncoder().encode(body)) == body)
  }

  /// The endpoint's writer (``ResponseBody/compactJSON()``) and the `Codable` path agree byte for
  /// byte: every key of every part, absent keys, an empty array, strings that need escapes, and
  /// error bodies with `status` first.
  @Test func theCompactWriterWritesWhatTheEncoderWrites() throws {
    func expectSame(_ body: ResponseBody, _ comment: Comment) throws {
      #expect(
        String(decoding: body.compactJSON(), as: UTF8.self) == (try body.renderedJSON(isCompact: true)),
        comment)
    }
    var body = try decode(Self.sandboxAnswer)
    try expectSame(body, "Apple's sandbox answer")
    body.latestReceiptInfo?[0].appAccountToken = "quote \" backslash \\ tab \t control \u{1} é 😀 /"
    body.receipt?.inApp = []
    body.pendingRenewalInfo = []
    try expectSame(body, "escapes and empty arrays")
    try expectSame(
      try decode(#"{"status":21010,"environment":"Production","is_retryable":false}"#), "an error body")
    try expectSame(try decode(#"{"status":21100,"is-retryable":true}"#), "a documented error body")
    try expectSame(try decode(#"{"status":0}"#), "a bare success")
  }

  @Test func writingDropsTheKeysThisModelDoesNotKnow() throws {
    let text = try decode(Self.sandboxAnswer).renderedJSON()
    #expect(!text.contains("unique_vendor_identifier") && !text.contains("purchase_date_formatted"))
    #expect(
      text.contains(
        #""latest_receipt": "MIIUVQYJKoZIhvcNAQcCoIIURjCCFEICAQExCzAJBgUrDgMCGgUAMIIDsQYJKoZIhvcNAQcBoIID/+/w==""#
      ))
  }

  @Test func missingOrMistypedRequiredKeysAreErrors() {
    #expect(throws: DecodingError.self) { try decode(#"{"environment":"Sandbox"}"#) }
    #expect(throws: DecodingError.self) { try decode(#"{"status":"0"}"#) }
    #expect(throws: DecodingError.self) {
      try decode(#"{"status":0,"receipt":{"receipt_type":"Production"}}"#)
    }
    let noProduct =
      #"{"status":0,"pending_renewal_info":[{"auto_renew_product_id":"a","auto_renew_status":"1","original_transaction_id":"1"}]}"#
    #expect(throws: DecodingError.self) { try decode(noProduct) }
    let numericQuantity = Self.sandboxAnswer.replacingOccurrences(
      of: #""quantity":"1""#, with: #""quantity":1"#)
    #expect(throws: DecodingError.self) { try decode(numericQuantity) }
    #expect(throws: DecodingError.self) { try decode(String(Self.sandboxAnswer.dropLast(2))) }
  }
}
