import Catalog
import Store
import Vocabulary

/// One entry of an account's purchase history in a saved world, every fact included (refunds,
/// upgrades, offers, family sharing).
struct PurchaseRecordSnapshot: Codable, Hashable {
  var transactionId: String
  var originalTransactionId: String
  var productId: String
  var productType: String
  var quantity: Int
  var purchaseDate: Double
  var originalPurchaseDate: Double
  var charged: PriceSnapshot
  var storefront: String
  var reason: String
  var expiresDate: Double?
  var webOrderLineItemId: String?
  var isTrialPeriod: Bool
  var isInIntroOfferPeriod: Bool
  var promotionalOfferId: String?
  var offerCodeRefName: String?
  var winBackOfferId: String?
  var cancellationDate: Double?
  var cancellationReason: Int?
  var isUpgraded: Bool
  var refunded: PriceSnapshot?
  var sharedFromTransactionId: String?
  /// Present (`true`) only when the charge is an assumption (an import whose data showed no price).
  var isPriceAssumed: Bool?
  /// The billing plan the period was bought under (`MONTHLY`, `BILLED_UPFRONT`), when there is one.
  var billingPlan: String?
  /// The period's place in a commitment billed monthly.
  var commitment: CommitmentSnapshot?

  init(_ record: PurchaseRecord) {
    transactionId = record.transactionId
    originalTransactionId = record.originalTransactionId
    productId = record.productId
    productType = record.productType.rawValue
    quantity = record.quantity
    purchaseDate = record.purchaseDate.secondsSince1970
    originalPurchaseDate = record.originalPurchaseDate.secondsSince1970
    charged = PriceSnapshot(record.charged)
    storefront = record.storefront
    reason = record.reason.rawValue
    expiresDate = record.expiresDate?.secondsSince1970
    webOrderLineItemId = record.webOrderLineItemId
    isTrialPeriod = record.isTrialPeriod
    isInIntroOfferPeriod = record.isInIntroOfferPeriod
    promotionalOfferId = record.promotionalOfferId
    offerCodeRefName = record.offerCodeRefName
    winBackOfferId = record.offer?.kind == .winBack ? record.offer?.id : nil
    cancellationDate = record.cancellationDate?.secondsSince1970
    cancellationReason = record.cancellationReason?.rawValue
    isUpgraded = record.isUpgraded
    refunded = record.refunded.map(PriceSnapshot.init)
    sharedFromTransactionId = record.sharedFromTransactionNumber.map { String($0) }
    isPriceAssumed = record.isPriceAssumed ? true : nil
    billingPlan = record.billingPlan?.rawValue
    commitment = record.commitment.map(CommitmentSnapshot.init)
  }

  /// The record, its product checked against the catalog.
  func record(at path: String, catalog: Catalog) throws(WorldFileError) -> PurchaseRecord {
    guard catalog.product(productId) != nil else {
      throw WorldFileError(path: path + ".productId", reason: "unknown product \"\(productId)\"")
    }
    var record = PurchaseRecord(
      transactionNumber: try SnapshotPath.number(transactionId, at: path + ".transactionId"),
      originalTransactionNumber: try SnapshotPath.number(
        originalTransactionId, at: path + ".originalTransactionId"),
      productId: productId,
      productType: try SnapshotPath.parse(productType, as: ProductType.self, at: path + ".productType"),
      quantity: quantity, purchaseDate: SnapshotPath.date(purchaseDate),
      originalPurchaseDate: SnapshotPath.date(originalPurchaseDate),
      charged: try charged.price(at: path + ".charged"),
      storefront: storefront,
      reason: try SnapshotPath.parse(reason, as: PurchaseRecord.Reason.self, at: path + ".reason"))
    record.expiresDate = expiresDate.map(SnapshotPath.date)
    record.webOrderLineItemNumber = try SnapshotPath.number(
      optional: webOrderLineItemId, at: path + ".webOrderLineItemId")
    record.isTrialPeriod = isTrialPeriod
    record.isInIntroOfferPeriod = isInIntroOfferPeriod
    try readExtras(into: &record, at: path)
    return record
  }

  /// The offer with an identifier the record names: at most one of the three keys.
  private func offer(at path: String) throws(WorldFileError) -> OfferReference? {
    let named: [(key: String, kind: Offer.Kind, id: String?)] = [
      ("promotionalOfferId", .promotional, promotionalOfferId), ("offerCodeRefName", .code, offerCodeRefName),
      ("winBackOfferId", .winBack, winBackOfferId),
    ]
    let given = named.filter { $0.id != nil }
    guard given.count <= 1 else {
      throw WorldFileError(
        path: path + "." + given[1].key, reason: "a period is in one offer, but \(given[0].key) is also set")
    }
    return given.first.map { OfferReference(kind: $0.kind, id: $0.id ?? "") }
  }

  private func readExtras(into record: inout PurchaseRecord, at path: String) throws(WorldFileError) {
    record.offer = try offer(at: path)
    if let cancellationDate { record.cancellationDate = SnapshotPath.date(cancellationDate) }
    if let cancellationReason {
      record.cancellationReason = try SnapshotPath.parse(
        cancellationReason, as: PurchaseRecord.CancellationReason.self, at: path + ".cancellationReason")
    }
    if isUpgraded { record.isUpgraded = true }
    if let refunded { record.refunded = try refunded.price(at: path + ".refunded") }
    if isPriceAssumed == true { record.isPriceAssumed = true }
    record.billingPlan = try SnapshotPath.parse(
      optional: billingPlan, as: BillingPlan.Kind.self, at: path + ".billingPlan")
    record.commitment = try commitment?.commitment(at: path + ".commitment")
    if let sharedFromTransactionId {
      record.sharedFromTransactionNumber = try SnapshotPath.number(
        sharedFromTransactionId, at: path + ".sharedFromTransactionId")
    }
  }
}
