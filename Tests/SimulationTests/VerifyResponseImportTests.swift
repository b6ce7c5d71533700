import Catalog
import Foundation
import Store
import Testing
import Verifier

@testable import Simulation

@Suite struct VerifyResponseImportTests {
  /// storebench's own verifyReceipt answer for the customer's receipt, as `verify --format json`
  /// prints it (or compact, as the endpoint answers).
  private func answer(
    _ world: World, isCompact: Bool = false
  ) throws -> (VerifyReceiptService.Response, String) {
    let response = try VerifyReceiptService(world: world).verify(
      .init(
        receiptData: try world.signedReceipt(of: world.device), password: nil, endpoint: .sandbox,
        excludeOldTransactions: false))
    return (response, try response.body.renderedJSON(isCompact: isCompact))
  }

  private func read(_ text: String) throws(ImportError) -> CustomerData {
    try VerifyResponseImport.read(Array(text.utf8), source: "verify-response answer.json")
  }

  /// The answer as a mutable tree, to break one field.
  private func edited(_ text: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
    var tree = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    edit(&tree)
    return String(decoding: try JSONSerialization.data(withJSONObject: tree), as: UTF8.self)
  }

  @Test func storebenchsOwnAnswerReadsBackToTheWorldsRecordsAndRenewalState() throws {
    let world = try World.customer()
    let (response, text) = try answer(world)
    let data = try read(text)
    #expect(data.source == "verify-response answer.json")
    #expect(data.app.bundleId == "com.example.customer" && data.app.applicationVersion == "7.2")
    #expect(data.app.environment == .sandbox && data.app.appAppleId == 0)
    #expect(data.app.originalApplicationVersion == world.originalApplicationVersion)
    #expect(data.app.originalPurchaseDate == world.originalPurchaseDate)
    #expect(data.asOf == world.store.clock.now)
    #expect(try #require(response.receipt).creationDate < world.store.clock.now)

    let account = try world.customerAccount()
    let shown = account.receiptRecords(asOf: account.stamp(at: world.store.clock.now))
    let inApp = try #require(response.receipt).inAppPurchases.compactMap { UInt64($0.transactionId) }
    #expect(Set(data.transactions.map(\.transactionNumber)) == Set(shown.map(\.transactionNumber) + inApp))
    #expect(data.transactions.count == Set(data.transactions.map(\.transactionNumber)).count)
    for record in account.history
    where Set(inApp).union(shown.map(\.transactionNumber)).contains(record.transactionNumber) {
      expectSame(data.transactions.first { $0.transactionNumber == record.transactionNumber }, record)
    }
    #expect(
      Set(data.transactions.map(\.productId)).isSuperset(of: ["castle.skin", "pro.monthly", "news.weekly"]))
    // The monthly one renewed: two periods, one original transaction.
    let pro = data.transactions.filter { $0.productId == "pro.monthly" }
    #expect(pro.count == 2 && Set(pro.map(\.originalTransactionNumber)).count == 1)
    #expect(
      pro.allSatisfy {
        $0.subscriptionGroup == Subscription.derivedGroupIdentifier(of: "Pro") && $0.isFamilyShared == false
      })

    #expect(data.renewals.count == 2)
    let monthly = try world.subscription("Pro")
    let weekly = try world.subscription("News")
    let proRenewal = data.renewals.first { $0.originalTransactionNumber == monthly.originalTransactionNumber }
    let newsRenewal = data.renewals.first { $0.originalTransactionNumber == weekly.originalTransactionNumber }
    expectSame(proRenewal, monthly, signed: false)
    expectSame(newsRenewal, weekly, signed: false)
    #expect(proRenewal?.isAutoRenewOn == true && proRenewal?.isInBillingRetry == true)
    #expect(newsRenewal?.isAutoRenewOn == false && newsRenewal?.expirationIntent == .customerCancelled)
    #expect(data.notes.first?.hasPrefix("verifyReceipt answer, status 0, Sandbox: ") == true)
    #expect(data.notes.contains { $0.hasPrefix("not verified: a verifyReceipt answer is unsigned JSON") })
  }

  /// The customer's monthly subscription is in billing retry when Apple answers: a world that
  /// imports the answer stands at the answer's date with the subscription in billing retry, and
  /// the renewal that failed for the customer does not succeed for it later.
  @Test func aCustomerInBillingRetryArrivesInBillingRetryAtTheAnswersDate() throws {
    let world = try World.customer()
    let data = try read(answer(world).1)
    let fresh = World(
      catalog: world.store.catalog, log: EventLog(), authorityDirectory: testAuthorityDirectory)
    _ = try fresh.importCustomer(data)
    #expect(fresh.store.clock.now == world.store.clock.now)
    let account = try fresh.customerAccount()
    let pro = try fresh.subscription("Pro")
    #expect(pro.status(at: fresh.store.clock.now) == .inBillingRetry)
    let periods = account.history.count { $0.productId == "pro.monthly" }
    try fresh.advanceClock(by: TimeSpan(months: 2))
    #expect(account.history.count { $0.productId == "pro.monthly" } == periods)
    #expect(pro.status(at: fresh.store.clock.now) == .expired)
  }

  @Test func theCompactAnswerOfTheEndpointReadsTheSame() throws {
    let world = try World.customer()
    #expect(try read(answer(world, isCompact: true).1) == read(answer(world).1))
  }

  /// An older answer: numbers as JSON numbers, no `_ms` forms, status 21006.
  @Test func datesFallBackToTheGMTFormAndNumbersMayBeJSONNumbers() throws {
    let data = try read(
      """
      {"status": 21006, "environment": "Production",
       "receipt": {"receipt_type": "Production", "adam_id": 987654321, "bundle_id": "com.example.old",
         "application_version": 41, "original_application_version": "1.0",
         "receipt_creation_date": "2019-06-01 12:00:00 Etc/GMT", "request_date": "2019-06-02 00:00:00 Etc/GMT",
         "in_app": [{"quantity": 2, "product_id": "coins", "transaction_id": 170000123456789,
           "original_transaction_id": "170000123456789", "purchase_date": "2019-05-31 23:59:59 Etc/GMT",
           "original_purchase_date": "2019-05-31 23:59:59 Etc/GMT", "is_trial_period": false,
           "cancellation_date": "2019-06-01 08:00:00 Etc/GMT", "cancellation_reason": 1}]},
       "pending_renewal_info": [{"original_transaction_id": 170000000000001, "auto_renew_status": 0,
         "expiration_intent": 3, "price_consent_status": "0"}]}
      """)
    #expect(data.app.environment == .production && data.app.appAppleId == 987_654_321)
    #expect(data.app.applicationVersion == "41")
    #expect(data.asOf == Date(timeIntervalSince1970: 1_559_433_600))
    let entry = try #require(data.transactions.first)
    #expect(entry.transactionNumber == 170_000_123_456_789 && entry.quantity == 2)
    #expect(entry.purchaseDate == Date(timeIntervalSince1970: 1_559_347_199))
    #expect(entry.cancellationDate == Date(timeIntervalSince1970: 1_559_376_000))
    #expect(entry.cancellationReason == .appIssue && entry.isTrialPeriod == false)
    let renewal = try #require(data.renewals.first)
    #expect(
      renewal.isAutoRenewOn == false && renewal.expirationIntent == .customerDidNotConsentToPriceIncrease)
    #expect(renewal.hasConsentedToPriceIncrease == false)
    #expect(data.notes.contains("status 21006: the receipt is valid but the subscription has expired"))
  }

  @Test func anAnswerWithAFailingStatusIsAnErrorNamingTheStatus() throws {
    let world = try World.customer()
    let response = try VerifyReceiptService(world: world).verify(
      .init(
        receiptData: try world.signedReceipt(of: world.device), password: nil, endpoint: .production,
        excludeOldTransactions: false))
    let text = try response.body.renderedJSON()
    let message = importFailure { () throws(ImportError) in try read(text) }
    #expect(
      message
        == "verify-response answer.json: status: is 21007: a sandbox receipt was sent to the production endpoint; only an answer with status 0 holds a customer's data"
    )
    #expect(
      importFailure { () throws(ImportError) in try read(#"{"status": 21104, "is_retryable": true}"#) }
        .contains("21104: an internal data access error"))
    #expect(
      importFailure { () throws(ImportError) in try read(#"{"status": "0"}"#) }.hasSuffix("receipt: missing"))
    #expect(
      importFailure { () throws(ImportError) in try read(#"{"receipt": {}}"#) }.hasSuffix("status: missing"))
  }

  @Test func sameTransactionTwiceIsOneEntryWhenItAgreesAndTwoWhenItDoesNot() throws {
    let world = try World.customer()
    let text = try answer(world).1
    let agreeing = try read(text)
    let conflicting = try read(
      edited(text) { tree in
        var receipt = tree["receipt"] as! [String: Any]
        var inApp = receipt["in_app"] as! [[String: Any]]
        inApp[0]["purchase_date_ms"] = "1000"
        receipt["in_app"] = inApp
        tree["receipt"] = receipt
      })
    #expect(conflicting.transactions.count == agreeing.transactions.count + 1)
    let first = try #require(agreeing.transactions.first)
    let twice = conflicting.transactions.filter { $0.transactionNumber == first.transactionNumber }
    #expect(twice.map(\.purchaseDate).contains(Date(timeIntervalSince1970: 1)))
    #expect(twice.count == 2)
  }

  @Test func iOS6StyleAnswersAreRefusedSayingSo() {
    let old = importFailure { () throws(ImportError) in
      try read(
        #"{"status": 0, "receipt": {"bid": "com.example.old", "transaction_id": "1", "product_id": "p"}}"#)
    }
    #expect(old.hasPrefix("verify-response answer.json: receipt: has no in_app: this is an iOS 6-style"))
    let objectLatest = importFailure { () throws(ImportError) in
      try read(
        #"{"status": 0, "receipt": {"bundle_id": "b", "in_app": []}, "latest_receipt_info": {"transaction_id": "1"}}"#
      )
    }
    #expect(
      objectLatest.contains("latest_receipt_info: is an object, not an array: this is an iOS 6-style answer"))
  }

  @Test func aMissingOrIllTypedFieldIsAnErrorNamingItsPath() throws {
    let world = try World.customer()
    let text = try answer(world).1
    func failure(_ edit: @escaping (inout [String: Any]) -> Void) throws -> String {
      let broken = try edited(text, edit)
      return importFailure { () throws(ImportError) in try read(broken) }
    }
    func latest(
      _ index: Int, _ change: @escaping (inout [String: Any]) -> Void
    ) -> (inout [String: Any]) -> Void {
      { tree in
        var entries = tree["latest_receipt_info"] as! [[String: Any]]
        change(&entries[index])
        tree["latest_receipt_info"] = entries
      }
    }
    #expect(
      try failure(latest(1) { $0["expires_date_ms"] = "soon" }).hasSuffix(
        "latest_receipt_info[1].expires_date_ms: expected milliseconds since 1970, found \"soon\""))
    #expect(
      try failure(latest(0) { $0["transaction_id"] = nil }).hasSuffix(
        "latest_receipt_info[0].transaction_id: missing"))
    #expect(
      try failure(latest(0) { $0["transaction_id"] = "T-1" }).hasSuffix(
        "latest_receipt_info[0].transaction_id: expected a whole number, found \"T-1\""))
    #expect(
      try failure(
        latest(0) {
          $0["purchase_date_ms"] = nil; $0["purchase_date"] = nil
        }
      ).hasSuffix("latest_receipt_info[0].purchase_date_ms: missing"))
    #expect(
      try failure(
        latest(0) {
          $0["purchase_date_ms"] = nil; $0["purchase_date"] = "yesterday"
        }
      ).contains("latest_receipt_info[0].purchase_date: expected a date such as"))
    #expect(
      try failure(latest(0) { $0["is_trial_period"] = "maybe" }).hasSuffix(
        "latest_receipt_info[0].is_trial_period: expected true, false, 1 or 0, found \"maybe\""))
    #expect(
      try failure(latest(0) { $0["in_app_ownership_type"] = "BORROWED" }).contains(
        "latest_receipt_info[0].in_app_ownership_type: expected PURCHASED or FAMILY_SHARED"))
    #expect(
      try failure { $0["pending_renewal_info"] = [["auto_renew_status": "1"]] }.hasSuffix(
        "pending_renewal_info[0].original_transaction_id: missing"))
    #expect(
      try failure {
        $0["pending_renewal_info"] = [["original_transaction_id": "1", "expiration_intent": "9"]]
      }.hasSuffix(
        "pending_renewal_info[0].expiration_intent: expected an expiration intent from 1 to 5, found \"9\""))
    #expect(
      try failure { $0["pending_renewal_info"] = "none" }.hasSuffix(
        "pending_renewal_info: expected an array, found \"none\""))
    #expect(try failure { $0["receipt"] = ["in_app": []] }.hasSuffix("receipt.bundle_id: missing"))
    #expect(
      try failure { $0["receipt"] = ["bundle_id": "b", "in_app": [7]] }.hasSuffix(
        "receipt.in_app[0]: expected an object, found 7"))
    #expect(
      try failure { $0["receipt"] = ["bundle_id": "b", "in_app": [], "receipt_type": "Beta"] }.contains(
        "receipt.receipt_type: expected Production, ProductionSandbox"))
  }

  @Test func textThatIsNotAnAnswerIsAnErrorNeverACrash() {
    #expect(
      importFailure { () throws(ImportError) in try read("") }.hasPrefix(
        "verify-response answer.json: not JSON: "))
    #expect(
      importFailure { () throws(ImportError) in try read("{\"status\": 0,") }.hasPrefix(
        "verify-response answer.json: not JSON: line 1"))
    #expect(
      importFailure { () throws(ImportError) in try read("[1, 2]") }
        == "verify-response answer.json: the document: expected an object, found an array")
    #expect(
      importFailure { () throws(ImportError) in try read(#"{"status": 0, "status": 0}"#) }
        == "verify-response answer.json: status: key appears twice")
    #expect(
      importFailure { () throws(ImportError) in try read(#"{"status": true}"#) }
        == "verify-response answer.json: status: expected a string or a number, found true")
  }
}
