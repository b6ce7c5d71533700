import Catalog
import Queue

extension Expectation {
  /// What an assertion names, each of which must exist for the assertion to mean anything: a
  /// product id that is not in the catalog (a typo) would otherwise make `expect storage ID locked`
  /// or `expect history ID count 0` hold for ever.
  struct Subjects {
    /// Product ids, each of which must be in the catalog.
    var products: [String] = []
    /// Transaction references (`#N`, `last`, an id), each of which must name a transaction.
    var transactions: [String] = []
    /// An observer's name, which must be registered on the current device.
    var observer: String?
  }

  /// The products, transactions and observer the assertion names.
  var subjects: Subjects {
    switch self {
    case .transactionState(let reference, _), .transactionQuantity(let reference, _),
      .transactionError(let reference, _), .transactionDate(let reference, _, _),
      .transactionFlag(let reference, _), .queueContains(let reference, _), .refunded(let reference):
      Subjects(transactions: [reference])
    case .transactionProduct(let reference, let productId):
      Subjects(products: [productId], transactions: [reference])
    case .transactionOriginal(let reference, let original):
      Subjects(transactions: [reference, original])
    case .subscription(let productId, let property):
      Subjects(products: [productId] + property.productIds)
    case .storageBalance(let productId, _), .storageUnlocked(let productId, _),
      .verifyLatestExpiry(let productId, _), .receiptEntries(let productId, _),
      .downloadState(let productId, _), .entitlement(let productId, _), .storeKit2Status(let productId, _):
      Subjects(products: [productId])
    case .historyCount(let productId, _): Subjects(products: productId.map { [$0] } ?? [])
    case .callback(let observer, _, _): Subjects(observer: observer)
    case .notification(_, _, let reference): Subjects(transactions: reference.map { [$0] } ?? [])
    case .update(let reference): Subjects(transactions: [reference])
    case .storageEmpty, .queueCount, .historyTotal, .lastError, .clock, .observerCount, .verifyStatus,
      .verifyInApp, .notificationCount, .purchaseResult, .updateCount:
      Subjects()
    }
  }

  /// Checks that everything the assertion names exists, before the assertion is checked.
  ///
  /// - Throws: ``WorkbenchError`` naming the first product the catalog lacks, transaction
  ///   reference that names nothing, or observer not registered, as `expect subscription` refuses
  ///   a product that is not a subscription.
  func checkSubjects(in session: Session) throws(WorkbenchError) {
    let named = subjects
    let catalog = session.world.store.catalog
    for productId in named.products where catalog.product(productId) == nil {
      throw WorkbenchError(
        .unknownProduct, catalog.unknownProductReason(productId) + " (`products` lists them)")
    }
    for reference in named.transactions where !isTransactionNumber(reference) {
      _ = try session.transaction(reference)
    }
    if let observer = named.observer, session.device.queue.callbacks(heardBy: observer) == nil {
      throw WorkbenchError(.notFound, "no observer \(observer) is registered on \(session.device.name)")
    }
  }

  /// Whether `expect notification … REF` gives an App Store transaction id, which needs no
  /// transaction of the session (a notification may name one bought on another device).
  private func isTransactionNumber(_ reference: String) -> Bool {
    switch self {
    case .notification, .update: break
    default: return false
    }
    return !reference.hasPrefix("#") && reference != "last" && UInt64(reference) != nil
  }
}

extension Expectation.SubscriptionProperty {
  /// The products the property names besides the subscription's own.
  var productIds: [String] {
    switch self {
    case .renewsAs(let productId), .product(let productId): [productId]
    case .status, .intent, .renewals, .expires, .autoRenew: []
    }
  }
}
