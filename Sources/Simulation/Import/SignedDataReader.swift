import Catalog
import Foundation
import Store
import Verifier
import Vocabulary

/// Reads signed tokens one by one into a customer's data for ``SignedDataImport``: classifies each
/// by its payload, verifies it at its `signedDate`, and maps its fields.
struct SignedDataReader {
  private let source: String
  private let trust: ImportTrust
  private let verifier: JWSVerifier
  private var data: CustomerData
  private var renewalDates: [UInt64: Date] = [:]
  private var counts = (transactions: 0, renewals: 0, notifications: 0, appTransactions: 0)
  /// The notifications' types and subtypes as written, in order.
  private var notificationNames: [String] = []
  private var verifiedRoots: [String] = []
  private var unverified: [String] = []

  init(source: String, trust: ImportTrust) {
    self.source = source
    self.trust = trust
    verifier = JWSVerifier(trustedRoots: trust.roots)
    data = CustomerData(source: source)
  }

  /// Reads one token (and the tokens a notification carries).
  mutating func read(_ token: SignedToken) throws(ImportError) {
    let payload = try decodedPayload(token)
    // An app transaction has no signedDate: Apple's verifiers take its receiptCreationDate.
    let dated = payload.optional("signedDate") ?? payload.optional("receiptCreationDate")
    let signedDate: Date
    if let dated {
      signedDate = try dated.milliseconds()
    } else {
      signedDate = try payload.required("signedDate").milliseconds()
    }
    try verify(token, at: signedDate)
    if data.asOf.map({ $0 < signedDate }) ?? true { data.asOf = signedDate }
    if payload.has("notificationType") {
      try readNotification(payload, token: token)
    } else if payload.has("transactionId") {
      try readTransaction(payload)
    } else if payload.has("receiptType") {
      try readAppTransaction(payload)
    } else if payload.has("autoRenewStatus") || payload.has("originalTransactionId") {
      try readRenewal(payload, signedDate: signedDate)
    } else if payload.has("appTransactionId") {  // renewal infos carry it too (API 1.15): checked after them
      try readAppTransaction(payload)
    } else {
      throw payload.node.fail(
        "is none of a transaction (transactionId), a renewal info (autoRenewStatus), an app transaction (appTransactionId) or a notification (notificationType)"
      )
    }
  }

  /// The data read, with a note on how the tokens verified.
  func finished() throws(ImportError) -> CustomerData {
    var result = data
    var parts: [String] = []
    if counts.notifications > 0 {
      parts.append(
        VerifyResponseImport.counted(counts.notifications, "notification", "notifications")
          + " (\(notificationNames.joined(separator: ", ")))")
    }
    parts.append(
      VerifyResponseImport.counted(counts.transactions, "signed transaction", "signed transactions"))
    parts.append(VerifyResponseImport.counted(counts.renewals, "renewal info", "renewal infos"))
    if counts.appTransactions > 0 {
      parts.append(
        VerifyResponseImport.counted(counts.appTransactions, "app transaction", "app transactions"))
    }
    let roots = verifiedRoots.map { "\"\($0)\"" }.joined(separator: ", ")
    let verification =
      unverified.isEmpty
      ? "verified at their signed dates: chain ends in \(roots)"
      : "\(unverified.count) not verified"
        + (roots.isEmpty ? "" : "; the others verified at their signed dates: chain ends in \(roots)")
    result.notes =
      [parts.joined(separator: ", ") + ", " + verification] + unverified.map { "NOT VERIFIED: \($0)" }
    return result
  }

  /// The payload of a token as JSON, read before verifying so its `signedDate` can be the
  /// verification time.
  private func decodedPayload(_ token: SignedToken) throws(ImportError) -> ImportJSONObject {
    let segments = token.compact.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else {
      throw ImportError(
        source,
        "\(token.path): not a compact JWS (expected 3 dot-separated segments, found \(segments.count))")
    }
    guard let bytes = Base64.decode(segments[1], .url) else {
      throw ImportError(source, "\(token.path): the payload segment is not unpadded base64url")
    }
    let node: ImportJSONNode
    do {
      node = try ImportJSONNode.parse(bytes, source: source)
    } catch {
      throw ImportError(source, "\(token.path): the payload is not JSON (\(error.description))")
    }
    return try ImportJSONNode(value: node.value, path: "\(token.path) payload", source: source).object()
  }

  private mutating func verify(_ token: SignedToken, at signedDate: Date) throws(ImportError) {
    do {
      let verified = try verifier.verify(token.compact, at: signedDate)
      let root = verified.chain.root.subject.description
      if !verifiedRoots.contains(root) { verifiedRoots.append(root) }
    } catch {
      let reason = "\(token.path): \(error.description) (at its signedDate \(Timestamp.iso8601(signedDate)))"
      guard trust.allowsUnverified else {
        throw ImportError(
          source,
          "\(reason); give the root it was signed under with --trust CERT, or import it anyway with --unverified"
        )
      }
      unverified.append(reason)
    }
  }

  private mutating func readNotification(_ payload: ImportJSONObject, token: SignedToken) throws(ImportError)
  {
    counts.notifications += 1
    // The type as written, whether storebench models it or not (METADATA_UPDATE, a newer one).
    var name = try payload.required("notificationType").string()
    if let subtype = payload.optional("subtype") { name += "/" + (try subtype.string()) }
    notificationNames.append(name)
    if let appData = payload.optional("appData") {
      // RESCIND_CONSENT: the app's fields and the account's app transaction.
      try readBody(appData, named: "appData", carrying: ["signedAppTransactionInfo"], token: token)
    } else if let data = payload.optional("data") {
      try readBody(
        data, named: "data", carrying: ["signedTransactionInfo", "signedRenewalInfo"], token: token)
    }
  }

  /// A notification's `data` or `appData`: the app's fields (bundle, Apple ID, environment) and the
  /// signed tokens it carries under `keys`.
  private mutating func readBody(
    _ body: ImportJSONNode, named name: String, carrying keys: [String], token: SignedToken
  ) throws(ImportError) {
    let fields = try body.object()
    var app = CustomerApp()
    app.bundleId = try fields.optional("bundleId")?.string()
    app.appAppleId = try fields.optional("appAppleId")?.integer()
    app.environment = try fields.optional("environment")?.environment()
    try merge(app, at: fields.node)
    for key in keys {
      if let nested = fields.optional(key) {
        try read(SignedToken(compact: try nested.string(), path: "\(token.path).\(name).\(key)"))
      }
    }
  }

  private mutating func readTransaction(_ payload: ImportJSONObject) throws(ImportError) {
    counts.transactions += 1
    var transaction = CustomerTransaction(
      transactionNumber: try payload.required("transactionId").unsigned(),
      originalTransactionNumber: try payload.required("originalTransactionId").unsigned(),
      productId: try payload.required("productId").string(),
      quantity: try payload.optional("quantity")?.quantity() ?? 1,
      purchaseDate: try payload.required("purchaseDate").milliseconds(),
      originalPurchaseDate: try payload.required("originalPurchaseDate").milliseconds())
    if let type = payload.optional("type") { transaction.productType = try productType(type) }
    transaction.expiresDate = try payload.optional("expiresDate")?.milliseconds()
    transaction.webOrderLineItemNumber = try payload.optional("webOrderLineItemId")?.unsigned()
    try readOffer(payload, into: &transaction)
    transaction.cancellationDate = try payload.optional("revocationDate")?.milliseconds()
    transaction.cancellationReason = try payload.optional("revocationReason")?.cancellationReason()
    transaction.isUpgraded = try payload.optional("isUpgraded")?.flag()
    transaction.subscriptionGroup = try payload.optional("subscriptionGroupIdentifier")?.text()
    transaction.appAccountToken = try payload.optional("appAccountToken")?.uuid()
    transaction.storefront = try payload.optional("storefront")?.string()
    transaction.priceMilliunits = try payload.optional("price")?.integer()
    transaction.currency = try payload.optional("currency")?.string()
    transaction.isFamilyShared = try payload.optional("inAppOwnershipType")?.isFamilyShared()
    var app = CustomerApp()
    app.bundleId = try payload.optional("bundleId")?.string()
    app.environment = try payload.optional("environment")?.environment()
    app.appTransactionNumber = try payload.optional("appTransactionId")?.unsigned()
    try merge(app, at: payload.node)
    CustomerTransaction.add(transaction, to: &data.transactions)
  }

  /// `offerType` 1 is an introductory offer (a free trial when `offerDiscountType` is
  /// `FREE_TRIAL`); `offerIdentifier` names a promotional offer or an offer code.
  private func readOffer(
    _ payload: ImportJSONObject, into transaction: inout CustomerTransaction
  ) throws(ImportError) {
    transaction.promotionalOfferId = try payload.optional("offerIdentifier")?.string()
    guard let offer = payload.optional("offerType"), try offer.integer() == 1 else { return }
    if try payload.optional("offerDiscountType")?.string() == "FREE_TRIAL" {
      transaction.isTrialPeriod = true
    } else {
      transaction.isInIntroOfferPeriod = true
    }
  }

  private func productType(_ node: ImportJSONNode) throws(ImportError) -> ProductType {
    let name = try node.string()
    guard let type = ProductType(appStoreName: name) else {
      throw node.fail(
        "expected Auto-Renewable Subscription, Non-Consumable, Consumable or Non-Renewing Subscription, found \"\(name)\""
      )
    }
    return type
  }

  private mutating func readRenewal(_ payload: ImportJSONObject, signedDate: Date) throws(ImportError) {
    counts.renewals += 1
    var renewal = CustomerRenewal(
      originalTransactionNumber: try payload.required("originalTransactionId").unsigned())
    renewal.productId = try payload.optional("productId")?.string()
    renewal.autoRenewProductId = try payload.optional("autoRenewProductId")?.string()
    renewal.isAutoRenewOn = try payload.optional("autoRenewStatus")?.flag()
    renewal.expirationIntent = try payload.optional("expirationIntent")?.expirationIntent()
    renewal.isInBillingRetry = try payload.optional("isInBillingRetryPeriod")?.flag()
    renewal.gracePeriodExpiresDate = try payload.optional("gracePeriodExpiresDate")?.milliseconds()
    renewal.hasConsentedToPriceIncrease = try payload.optional("priceIncreaseStatus")?.flag()
    var app = CustomerApp()
    app.environment = try payload.optional("environment")?.environment()
    app.appTransactionNumber = try payload.optional("appTransactionId")?.unsigned()
    try merge(app, at: payload.node)
    let number = renewal.originalTransactionNumber
    if let index = data.renewals.firstIndex(where: { $0.originalTransactionNumber == number }) {
      if let earlier = renewalDates[number], earlier <= signedDate {
        data.renewals[index] = renewal
        renewalDates[number] = signedDate
      }
    } else {
      data.renewals.append(renewal)
      renewalDates[number] = signedDate
    }
  }

  private mutating func readAppTransaction(_ payload: ImportJSONObject) throws(ImportError) {
    counts.appTransactions += 1
    var app = CustomerApp()
    app.bundleId = try payload.optional("bundleId")?.string()
    app.applicationVersion = try payload.optional("applicationVersion")?.text()
    app.originalApplicationVersion = try payload.optional("originalApplicationVersion")?.text()
    app.originalPurchaseDate = try payload.optional("originalPurchaseDate")?.milliseconds()
    app.appAppleId = try payload.optional("appAppleId")?.integer()
    app.environment = try payload.optional("receiptType")?.environment()
    app.appTransactionNumber = try payload.optional("appTransactionId")?.unsigned()
    try merge(app, at: payload.node)
  }

  /// Adds what a payload says of the app; two payloads naming different apps, environments or app
  /// download transactions cannot be one customer's.
  private mutating func merge(_ app: CustomerApp, at node: ImportJSONNode) throws(ImportError) {
    if let bundleId = app.bundleId {
      if let known = data.app.bundleId, known != bundleId {
        throw node.fail(
          "is for app \(bundleId), but earlier data is for \(known): one import is one customer of one app")
      }
      data.app.bundleId = bundleId
    }
    if let environment = app.environment {
      if let known = data.app.environment, known != environment {
        throw node.fail(
          "is from the \(environment.rawValue) environment, but earlier data is from \(known.rawValue)")
      }
      data.app.environment = environment
    }
    if let number = app.appTransactionNumber {
      if let known = data.app.appTransactionNumber, known != number {
        throw node.fail(
          "has appTransactionId \(number), but earlier data has \(known): one import is one customer's")
      }
      data.app.appTransactionNumber = number
    }
    data.app.applicationVersion = app.applicationVersion ?? data.app.applicationVersion
    data.app.originalApplicationVersion =
      app.originalApplicationVersion ?? data.app.originalApplicationVersion
    data.app.originalPurchaseDate = app.originalPurchaseDate ?? data.app.originalPurchaseDate
    data.app.appAppleId = app.appAppleId ?? data.app.appAppleId
  }
}
