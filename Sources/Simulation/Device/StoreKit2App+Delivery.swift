import Queue
import Store

/// The app's own code for what it hears: verify, deliver into its storage, finish, and lock what
/// `Transaction.currentEntitlements` no longer holds.
extension StoreKit2App {
  /// A subscription's product stopped entitling: the app's entitlement check locks it, and the
  /// rest of its group when the group stopped entitling.
  func accessEnded(to productId: String, because reason: AccessEnd) {
    guard device.api.usesStoreKit2 else { return }
    for product in reason.products(losingAccessWith: productId, in: store.catalog)
    where device.storage.lock(product) {
      report("app", "entitlementCheck", "\(product) \(reason.words): locked")
    }
  }

  /// What the app does with a transaction: check, deliver, finish.
  func handle(
    _ transaction: PaymentTransaction?, record: PurchaseRecord, verification: VerificationResult
  ) {
    if !verification.isVerified && policy.verifies {
      report("app", "ignore", "\(record.productId) \(record.transactionId): \(verification), not delivered")
      return
    }
    deliver(record)
    guard policy.finishes, let transaction, !transaction.isFinished, transaction.state == .purchased else {
      return
    }
    do {
      try queue.finish(transaction)
      report("app", "finish", "\(transaction.handleText) \(record.productId)")
    } catch {
      report("app", "finish", "\(transaction.handleText) refused: \(error)")
    }
  }

  func deliver(_ record: PurchaseRecord) {
    switch record.productType {
    case .consumable:
      let balance = device.storage.add(record.quantity, to: record.productId)
      report("app", "deliver", "\(record.productId) +\(record.quantity) (balance \(balance))")
    case .nonConsumable, .autoRenewable, .nonRenewing:
      guard !record.isCancelled else { return }
      let unlocked = device.storage.unlock(record.productId)
      report("app", "deliver", "\(record.productId) \(unlocked ? "unlocked" : "already unlocked")")
    }
  }

  /// `Transaction.currentEntitlements` decides what is unlocked: entitled products are unlocked,
  /// unlocked ones no longer entitled are locked.
  public func checkEntitlements() {
    guard let account = queue.account else { return }
    let entitled = Set(CurrentEntitlements.of(account, at: store.clock.now).map(\.productId))
    for productId in entitled.sorted() where device.storage.unlock(productId) {
      report("app", "entitlementCheck", "\(productId) entitled: unlocked")
    }
    for productId in device.storage.unlocked.sorted() where !entitled.contains(productId) {
      guard store.catalog.product(productId)?.type != .consumable, device.storage.lock(productId) else {
        continue
      }
      report("app", "entitlementCheck", "\(productId) not entitled: locked")
    }
  }
}
