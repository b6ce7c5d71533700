import Catalog
import Foundation
import Store
import Vocabulary

/// Turns an imported transaction into the world's record of it: a new record, or the one the world
/// holds with what the import adds. Facts both sides know must agree (dates to the second, since
/// receipts have no milliseconds); a disagreement is a conflict, settled only by a preference.
struct TransactionMerge {
  /// The store the record goes into (its catalog, prices and storefront).
  let store: Store
  /// Which side wins conflicts, if the engineer chose.
  let preference: ConflictPreference?

  /// The merged record and the conflicts found (settled when `preference` is set).
  func record(
    _ incoming: CustomerTransaction, held: PurchaseRecord?
  ) -> (record: PurchaseRecord, conflicts: [ImportConflict]) {
    let fresh = newRecord(incoming)
    guard let held else { return (fresh, []) }
    var conflicts: [ImportConflict] = []
    var record = held
    func merge<Value: Equatable>(
      _ field: String, _ path: WritableKeyPath<PurchaseRecord, Value>, known: Bool,
      same: (Value, Value) -> Bool, text: (Value) -> String,
      isMorePrecise: (Value, Value) -> Bool = { _, _ in false }
    ) {
      guard known else { return }
      let mine = held[keyPath: path]
      let theirs = fresh[keyPath: path]
      if same(mine, theirs) {
        if isMorePrecise(theirs, mine) { record[keyPath: path] = theirs }
        return
      }
      conflicts.append(
        ImportConflict(
          transactionId: held.transactionId, field: field, held: text(mine), incoming: text(theirs)))
      if preference == .incoming { record[keyPath: path] = theirs }
    }
    merge("product_id", \.productId, known: true, same: ==, text: { $0 })
    merge(
      "original_transaction_id", \.originalTransactionNumber, known: true, same: ==, text: { String($0) })
    merge("quantity", \.quantity, known: true, same: ==, text: { String($0) })
    merge("reason", \.reason, known: incoming.reason != nil, same: ==, text: { $0.rawValue })
    merge(
      "purchase_date", \.purchaseDate, known: true, same: Self.sameSecond,
      text: Timestamp.iso8601Milliseconds,
      isMorePrecise: { Self.isMorePrecise($0, than: $1) })
    merge(
      "original_purchase_date", \.originalPurchaseDate, known: true, same: Self.sameSecond,
      text: Timestamp.iso8601Milliseconds, isMorePrecise: { Self.isMorePrecise($0, than: $1) })
    merge(
      "expires_date", \.expiresDate, known: incoming.expiresDate != nil, same: Self.sameSecond,
      text: { $0.map(Timestamp.iso8601Milliseconds) ?? "none" },
      isMorePrecise: { Self.isMorePrecise($0, than: $1) })
    merge(
      "web_order_line_item_id", \.webOrderLineItemNumber, known: incoming.webOrderLineItemNumber != nil,
      same: ==, text: { $0.map { String($0) } ?? "none" })
    merge(
      "cancellation_date", \.cancellationDate,
      known: incoming.cancellationDate != nil && held.cancellationDate != nil, same: Self.sameSecond,
      text: { $0.map(Timestamp.iso8601Milliseconds) ?? "none" },
      isMorePrecise: { Self.isMorePrecise($0, than: $1) })
    addKnown(incoming, to: &record, held: held, fresh: fresh)
    return (record, conflicts)
  }

  /// Facts the world did not have, which never conflict: a refund that came later, offer flags,
  /// an upgrade's purchase the world took for a renewal, a price where the world only assumed one
  /// (what was given back follows a changed charge, cancellation or upgrade).
  private func addKnown(
    _ incoming: CustomerTransaction, to record: inout PurchaseRecord, held: PurchaseRecord,
    fresh: PurchaseRecord
  ) {
    if record.cancellationDate == nil, let date = incoming.cancellationDate {
      record.cancellationDate = date
      record.cancellationReason = incoming.cancellationReason
    }
    if let trial = incoming.isTrialPeriod { record.isTrialPeriod = trial }
    if let intro = incoming.isInIntroOfferPeriod { record.isInIntroOfferPeriod = intro }
    if let offer = incoming.promotionalOfferId { record.promotionalOfferId = offer }
    if incoming.isUpgraded == true { record.isUpgraded = true }
    if incoming.isUpgradePurchase, incoming.reason == nil, record.reason == .renewal {
      record.reason = .purchase
    }
    if incoming.storefront != nil { record.storefront = fresh.storefront }
    if !fresh.isPriceAssumed, incoming.priceMilliunits != nil || record.isPriceAssumed {
      record.charged = fresh.charged
      record.isPriceAssumed = false
    }
    let facts = (record.charged, record.cancellationDate, record.isUpgraded)
    if record.isCancelled, facts != (held.charged, held.cancellationDate, held.isUpgraded) {
      record.refunded = Self.refund(of: record)
    }
  }

  /// The record an imported transaction makes in a world that does not have it.
  private func newRecord(_ incoming: CustomerTransaction) -> PurchaseRecord {
    let product = store.catalog.product(incoming.productId)
    let type = product?.type ?? incoming.productType ?? .nonConsumable
    let charge = charge(incoming, product: product)
    var record = PurchaseRecord(
      transactionNumber: incoming.transactionNumber,
      originalTransactionNumber: incoming.originalTransactionNumber,
      productId: incoming.productId, productType: type, quantity: incoming.quantity,
      purchaseDate: incoming.purchaseDate, originalPurchaseDate: incoming.originalPurchaseDate,
      charged: charge.price, storefront: incoming.storefront ?? store.storefront.id,
      reason: reason(incoming, type: type))
    record.isPriceAssumed = charge.isAssumed
    record.expiresDate = incoming.expiresDate
    record.webOrderLineItemNumber = incoming.webOrderLineItemNumber
    record.isTrialPeriod = incoming.isTrialPeriod ?? false
    record.isInIntroOfferPeriod = incoming.isInIntroOfferPeriod ?? false
    record.promotionalOfferId = incoming.promotionalOfferId
    record.isUpgraded = incoming.isUpgraded ?? false
    if let date = incoming.cancellationDate {
      record.cancellationDate = date
      record.cancellationReason = incoming.cancellationReason
      record.refunded = Self.refund(of: record)
    }
    return record
  }

  /// What a cancelled period gave back: Apple refunds the whole charge; an upgrade the unused
  /// share of it, by the store's rule (no artifact shows the amount).
  private static func refund(of record: PurchaseRecord) -> Price? {
    guard let date = record.cancellationDate else { return nil }
    return record.isUpgraded ? record.unusedShare(at: date) : record.charged
  }

  private func reason(_ incoming: CustomerTransaction, type: ProductType) -> PurchaseRecord.Reason {
    if let reason = incoming.reason { return reason }
    if incoming.isFamilyShared == true { return .familyShare }
    if incoming.isUpgradePurchase { return .purchase }
    guard incoming.transactionNumber != incoming.originalTransactionNumber else { return .purchase }
    return type == .autoRenewable ? .renewal : .redownload
  }

  /// What was paid, and whether that is an assumption. The data's price when it shows one
  /// (signed transactions do); nothing for trials, re-downloads and family shares, which are free
  /// whatever the price; else, assumed, the catalog's price in the world's storefront: the offer's
  /// for a period the data says is in a paid introductory or a promotional offer, the product's
  /// otherwise (receipts and verifyReceipt answers show no price).
  private func charge(_ incoming: CustomerTransaction, product: Product?) -> (price: Price, isAssumed: Bool) {
    if let milliunits = incoming.priceMilliunits, let currency = incoming.currency {
      return (Price(amount: Decimal(milliunits) / 1000, currency: currency), false)
    }
    let unit = product.map { store.price(of: $0) } ?? Price(amount: 0, currency: store.storefront.currency)
    let free =
      incoming.isTrialPeriod == true || incoming.isFamilyShared == true
      || (incoming.transactionNumber != incoming.originalTransactionNumber && product?.type != .autoRenewable)
    guard !free else { return (Price(amount: 0, currency: unit.currency), false) }
    let amount = offer(of: incoming, terms: product?.subscription)?.price ?? unit.amount
    return (Price(amount: amount * Decimal(incoming.quantity), currency: unit.currency), true)
  }

  /// The catalog's paid offer a period is in, by what the data says of it.
  private func offer(of incoming: CustomerTransaction, terms: Subscription?) -> Offer? {
    guard let terms else { return nil }
    if let id = incoming.promotionalOfferId { return terms.promotionalOffers.first { $0.id == id } }
    guard incoming.isInIntroOfferPeriod == true, let intro = terms.introductoryOffer, intro.mode != .freeTrial
    else { return nil }
    return intro
  }

  private static func sameSecond(_ first: Date, _ second: Date) -> Bool {
    first.timeIntervalSince1970.rounded(.down) == second.timeIntervalSince1970.rounded(.down)
  }

  private static func sameSecond(_ first: Date?, _ second: Date?) -> Bool {
    switch (first, second) {
    case (nil, nil): true
    case (let first?, let second?): sameSecond(first, second)
    case (nil, _?), (_?, nil): false
    }
  }

  /// Whether an equal date has milliseconds the other lacks.
  private static func isMorePrecise(_ date: Date, than other: Date) -> Bool {
    hasMilliseconds(date) && !hasMilliseconds(other)
  }

  private static func isMorePrecise(_ date: Date?, than other: Date?) -> Bool {
    guard let date, let other else { return false }
    return isMorePrecise(date, than: other)
  }

  private static func hasMilliseconds(_ date: Date) -> Bool {
    date.timeIntervalSince1970 != date.timeIntervalSince1970.rounded(.down)
  }
}
