import Catalog
import Foundation
import Store
import Verifier

/// Reads a verifyReceipt answer (Apple's, or storebench's own `verify --format json` and server
/// answers) into a customer's data: the app from `receipt`, the transactions of `in_app` and
/// `latest_receipt_info` (each once, or twice when the two disagree), and `pending_renewal_info`.
///
/// The answer is JSON Apple wrote, not signed data: nothing is verified, and the notes say so.
/// Dates are read from the `KEY_ms` form, else from `KEY` (`2026-01-01 00:00:00 Etc/GMT`); numbers
/// and flags are accepted as strings or JSON numbers, as real answers vary.
public enum VerifyResponseImport {
  /// Reads an answer.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text of the answer.
  ///   - source: The artifact, for messages (`verify-response answer.json`).
  /// - Throws: `ImportError` for a status other than 0 or 21006 (naming it and what it means), an
  ///   iOS 6-style answer, and a missing or ill-typed field (naming its path, such as
  ///   `latest_receipt_info[3].expires_date_ms`).
  /// - Returns: The customer's data, dated when Apple answered (`request_date`: the renewal info
  ///   says how the subscriptions stood then), else at the receipt's creation.
  public static func read(_ bytes: [UInt8], source: String) throws(ImportError) -> CustomerData {
    let answer = try ImportJSONNode.parse(bytes, source: source).object()
    let status = try checkedStatus(answer)
    let receipt = try answer.required("receipt").object()
    guard let inApp = receipt.optional("in_app") else {
      throw receipt.node.fail(
        "has no in_app: this is an iOS 6-style transaction receipt's answer, a form not supported; verify the app receipt (Bundle.main.appStoreReceiptURL) and import that answer"
      )
    }
    var data = CustomerData(source: source)
    data.app = try app(receipt, answer: answer)
    for entry in try inApp.array() {
      CustomerTransaction.add(try transaction(entry.object()), to: &data.transactions)
    }
    let fromReceipt = data.transactions.count
    var latestCount = 0
    if let latest = answer.optional("latest_receipt_info") {
      guard case .array = latest.value else {
        throw latest.fail(
          "is \(latest.value.quoted), not an array: this is an iOS 6-style answer, a form not supported")
      }
      for entry in try latest.array() {
        CustomerTransaction.add(try transaction(entry.object()), to: &data.transactions)
        latestCount += 1
      }
    }
    if let pending = answer.optional("pending_renewal_info") {
      for entry in try pending.array() { data.renewals.append(try renewal(entry.object())) }
    }
    data.asOf = try date(receipt, "request_date")
    if data.asOf == nil { data.asOf = try date(receipt, "receipt_creation_date") }
    data.notes = notes(
      status: status, app: data.app, inApp: fromReceipt, latest: latestCount, total: data.transactions.count,
      renewals: data.renewals.count)
    return data
  }

  /// The answer's status: 0, or 21006 (valid, subscription expired) from older answers.
  private static func checkedStatus(_ answer: ImportJSONObject) throws(ImportError) -> Int64 {
    let node = try answer.required("status")
    let status = try node.integer()
    guard status == 0 || status == 21006 else {
      throw node.fail(
        "is \(status): \(meaning(of: status)); only an answer with status 0 holds a customer's data")
    }
    return status
  }

  /// What a verifyReceipt status means (Apple's table: App Store Receipts,
  /// verifyReceipt, "responseBody.status").
  static func meaning(of status: Int64) -> String {
    switch status {
    case 0: "the receipt is valid"
    case 21000: "the App Store could not read the request's JSON"
    case 21001: "a status the App Store no longer sends"
    case 21002: "the receipt data was malformed or missing (or the service had a temporary issue)"
    case 21003: "the receipt could not be authenticated"
    case 21004: "the shared secret does not match the one on file for the account"
    case 21005: "the receipt server was temporarily unable to provide the receipt"
    case 21006: "the receipt is valid but the subscription has expired"
    case 21007: "a sandbox receipt was sent to the production endpoint"
    case 21008: "a production receipt was sent to the sandbox endpoint"
    case 21009: "an internal data access error"
    case 21010: "the account cannot be found or has been deleted"
    case 21100...21199: "an internal data access error (see is_retryable)"
    default: "not a status Apple documents"
    }
  }

  private static func app(
    _ receipt: ImportJSONObject, answer: ImportJSONObject
  ) throws(ImportError) -> CustomerApp {
    var app = CustomerApp()
    app.bundleId = try receipt.required("bundle_id").string()
    app.applicationVersion = try receipt.optional("application_version")?.text()
    app.originalApplicationVersion = try receipt.optional("original_application_version")?.text()
    app.originalPurchaseDate = try date(receipt, "original_purchase_date")
    if let id = receipt.optional("app_item_id") ?? receipt.optional("adam_id") {
      app.appAppleId = try id.integer()
    }
    if let type = receipt.optional("receipt_type") {
      app.environment = try environment(ofReceiptType: type)
    } else if let environment = answer.optional("environment") {
      app.environment = try environment.environment()
    }
    return app
  }

  private static func environment(
    ofReceiptType node: ImportJSONNode
  ) throws(ImportError) -> Verifier.Environment {
    switch try node.string() {
    case "Production", "ProductionVPP": return .production
    case "ProductionSandbox", "ProductionVPPSandbox": return .sandbox
    case let other:
      throw node.fail(
        "expected Production, ProductionSandbox, ProductionVPP or ProductionVPPSandbox, found \"\(other)\"")
    }
  }

  /// An entry of `in_app` or `latest_receipt_info`.
  private static func transaction(_ entry: ImportJSONObject) throws(ImportError) -> CustomerTransaction {
    var transaction = CustomerTransaction(
      transactionNumber: try entry.required("transaction_id").unsigned(),
      originalTransactionNumber: try entry.required("original_transaction_id").unsigned(),
      productId: try entry.required("product_id").string(),
      quantity: try entry.optional("quantity")?.quantity() ?? 1,
      purchaseDate: try requiredDate(entry, "purchase_date"),
      originalPurchaseDate: try requiredDate(entry, "original_purchase_date"))
    transaction.expiresDate = try date(entry, "expires_date")
    transaction.webOrderLineItemNumber = try entry.optional("web_order_line_item_id")?.unsigned()
    transaction.isTrialPeriod = try entry.optional("is_trial_period")?.flag()
    transaction.isInIntroOfferPeriod = try entry.optional("is_in_intro_offer_period")?.flag()
    transaction.promotionalOfferId = try entry.optional("promotional_offer_id")?.string()
    transaction.cancellationDate = try date(entry, "cancellation_date")
    transaction.cancellationReason = try entry.optional("cancellation_reason")?.cancellationReason()
    transaction.isUpgraded = try entry.optional("is_upgraded")?.flag()
    transaction.subscriptionGroup = try entry.optional("subscription_group_identifier")?.text()
    transaction.appAccountToken = try entry.optional("app_account_token")?.uuid()
    transaction.isFamilyShared = try entry.optional("in_app_ownership_type")?.isFamilyShared()
    return transaction
  }

  /// An entry of `pending_renewal_info`.
  private static func renewal(_ entry: ImportJSONObject) throws(ImportError) -> CustomerRenewal {
    var renewal = CustomerRenewal(
      originalTransactionNumber: try entry.required("original_transaction_id").unsigned())
    renewal.productId = try entry.optional("product_id")?.string()
    renewal.autoRenewProductId = try entry.optional("auto_renew_product_id")?.string()
    renewal.isAutoRenewOn = try entry.optional("auto_renew_status")?.flag()
    renewal.expirationIntent = try entry.optional("expiration_intent")?.expirationIntent()
    renewal.isInBillingRetry = try entry.optional("is_in_billing_retry_period")?.flag()
    renewal.gracePeriodExpiresDate = try date(entry, "grace_period_expires_date")
    if let consent = entry.optional("price_consent_status") ?? entry.optional("price_increase_status") {
      renewal.hasConsentedToPriceIncrease = try consent.flag()
    }
    return renewal
  }

  /// A date from `KEY_ms`, else from `KEY`; `nil` when neither is there.
  private static func date(_ object: ImportJSONObject, _ key: String) throws(ImportError) -> Date? {
    if let milliseconds = object.optional(key + "_ms") { return try milliseconds.milliseconds() }
    return try object.optional(key)?.gmtDate()
  }

  private static func requiredDate(_ object: ImportJSONObject, _ key: String) throws(ImportError) -> Date {
    guard let date = try date(object, key) else {
      _ = try object.required(key + "_ms")
      throw object.node.fail("\(key)_ms is missing")
    }
    return date
  }

  private static func notes(
    status: Int64, app: CustomerApp, inApp: Int, latest: Int, total: Int, renewals: Int
  ) -> [String] {
    var notes = [
      "verifyReceipt answer, status \(status), \(app.environment?.rawValue ?? "environment not shown"): \(counted(inApp, "in_app entry", "in_app entries")), \(counted(latest, "latest_receipt_info entry", "latest_receipt_info entries")), \(counted(total, "transaction", "transactions")) in all, \(counted(renewals, "pending renewal", "pending renewals"))",
      "not verified: a verifyReceipt answer is unsigned JSON; import the receipt itself to check Apple's signature",
    ]
    if status == 21006 { notes.append("status 21006: \(meaning(of: status))") }
    return notes
  }

  static func counted(_ count: Int, _ one: String, _ many: String) -> String {
    "\(count) \(count == 1 ? one : many)"
  }
}
