import Catalog
import Foundation
import Simulation
import Store

/// The words of the `import transaction` and `import renewal` lines that state one customer fact
/// each; dates are written to the millisecond, ids as decimal numbers.
enum ImportLine {
  /// `import transaction PRODUCT ID --purchased DATE …` for a history record, with the options
  /// whose value differs from what the command assumes when they are left out. A price the world
  /// only assumed is left out, so that the import assumes it again.
  static func transaction(_ record: PurchaseRecord, in world: World, redaction: Redaction) -> [String] {
    var words = [
      "import", "transaction", record.productId, String(redaction.transaction(record.transactionNumber)),
      "--purchased", date(record.purchaseDate),
    ]
    if record.originalTransactionNumber != record.transactionNumber {
      words += ["--original-id", String(redaction.transaction(record.originalTransactionNumber))]
    }
    if record.originalPurchaseDate != record.purchaseDate {
      words += ["--original-purchased", date(record.originalPurchaseDate)]
    }
    if let expires = record.expiresDate { words += ["--expires", date(expires)] }
    if record.quantity != 1 { words += ["--quantity", String(record.quantity)] }
    if let lineItem = record.webOrderLineItemNumber {
      words += ["--web-order-line-item", String(redaction.lineItem(lineItem))]
    }
    if record.isTrialPeriod { words.append("--trial") }
    if record.isInIntroOfferPeriod { words.append("--intro") }
    if let offer = record.promotionalOfferId { words += ["--offer", offer] }
    if let revoked = record.cancellationDate { words += ["--revoked", date(revoked)] }
    if let reason = record.cancellationReason { words += ["--revocation-reason", String(reason.rawValue)] }
    if record.isUpgraded { words.append("--upgraded") }
    let assumed =
      record.expiresDate != nil ? .autoRenewable : world.store.catalog.product(record.productId)?.type
    if record.productType != assumed { words += ["--type", record.productType.rawValue] }
    if let token = world.serverAPI.appAccountToken(for: record) {
      words += ["--app-account-token", redaction.token(token)]
    }
    words += ["--storefront", record.storefront]
    if !record.isPriceAssumed {
      words += ["--price", milliunits(record.charged.amount), "--currency", record.charged.currency]
    }
    if record.isFamilyShared { words.append("--family-shared") }
    if record.reason != assumedReason(of: record) { words += ["--reason", record.reason.rawValue] }
    return words
  }

  /// The reason `import transaction` works out when `--reason` is left out.
  private static func assumedReason(of record: PurchaseRecord) -> PurchaseRecord.Reason {
    if record.isFamilyShared { return .familyShare }
    guard record.transactionNumber != record.originalTransactionNumber else { return .purchase }
    return record.productType == .autoRenewable ? .renewal : .redownload
  }

  /// `import renewal ORIGINAL_ID …` for a subscription: its product, what it renews to, auto-renew,
  /// the expiration intent (pending or final), billing retry and grace, and price consent.
  static func renewal(_ state: SubscriptionState, redaction: Redaction) -> [String] {
    var words = [
      "import", "renewal", String(redaction.transaction(state.originalTransactionNumber)),
      "--product", state.productId, "--renews-to", state.autoRenewProductId,
      "--auto-renew", state.isAutoRenewOn ? "on" : "off",
    ]
    if let intent = state.expirationIntent ?? state.pendingExpirationIntent {
      words += ["--intent", String(intent.rawValue)]
    }
    switch state.phase {
    case .billingRetry(_, let graceUntil):
      words += ["--billing-retry", "on"]
      if let graceUntil { words += ["--grace-until", date(graceUntil)] }
    case .active, .expired, .revoked: break
    }
    switch state.priceConsent {
    case .pending: words += ["--price-consent", "waiting"]
    case .accepted: words += ["--price-consent", "agreed"]
    case .none: break
    }
    return words
  }

  /// An instant as the import lines write it: ISO 8601 in UTC, with milliseconds when it has them.
  static func date(_ date: Date) -> String {
    Timestamp.iso8601Milliseconds(date)
  }

  /// An amount in thousandths of its currency unit, as the App Store Server API's `price`.
  static func milliunits(_ amount: Decimal) -> String {
    var scaled = amount * 1000
    var rounded = Decimal()
    NSDecimalRound(&rounded, &scaled, 0, .plain)
    return "\(rounded)"
  }
}
