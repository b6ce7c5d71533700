import Queue
import Store

/// What reaches the app's `Transaction.updates` listener: transactions from outside its purchase
/// calls, purchases on the account's other devices, refunds and revocations; the updates kept.
extension StoreKit2App {
  /// Keeps an update the listener got, and forgets the oldest when twice ``updatesKept`` are kept
  /// (a batch at a time, so each update costs constant time on average).
  func keep(_ update: StoreKit2Update) {
    updates.append(update)
    updatesSinceLaunch += 1
    if updates.count >= 2 * Self.updatesKept { updates.removeFirst(updates.count - Self.updatesKept) }
  }

  /// Puts back a saved app's updates.
  func restore(updates saved: [StoreKit2Update], sinceLaunch: Int) {
    updates = saved
    updatesSinceLaunch = sinceLaunch
  }

  /// A transaction reaches the listener.
  func receive(_ transaction: PaymentTransaction, origin: StoreKit2Update.Origin) {
    guard let record = transaction.record, let signed = sign(record) else { return }
    keep(
      StoreKit2Update(
        handle: transaction.handle, transactionId: record.transactionId, productId: record.productId,
        origin: origin, verification: signed, date: store.clock.now))
    report(
      "updates", origin.rawValue,
      "\(transaction.handleText) \(record.productId) \(record.transactionId) \(signed)")
    handle(transaction, record: record, verification: signed)
  }

  /// A purchase made on this device reaches `Transaction.updates` on the account's other devices
  /// (StoreKit 1 queues there never see it).
  func tellOtherDevices(about record: PurchaseRecord) {
    guard let world, let account = queue.account else { return }
    for other in world.devices(of: account) where other !== device {
      other.storeKit2.receiveFromAnotherDevice(record)
    }
  }

  /// A purchase made on another device of the account.
  func receiveFromAnotherDevice(_ record: PurchaseRecord) {
    guard device.api.usesStoreKit2, isListening, let signed = sign(record) else { return }
    keep(
      StoreKit2Update(
        handle: nil, transactionId: record.transactionId, productId: record.productId, origin: .transaction,
        verification: signed, date: store.clock.now))
    report("updates", "transaction", "\(record.productId) \(record.transactionId) (another device) \(signed)")
    handle(nil, record: record, verification: signed)
  }

  /// Refunds and revocations reach the listener as the revoked transactions; the app takes the
  /// products away.
  func revoked(_ productIds: [String], of account: Account) {
    guard device.api.usesStoreKit2 else { return }
    for productId in productIds {
      guard let record = account.history.last(where: { $0.productId == productId && $0.isCancelled }) else {
        continue
      }
      revoked(record)
      for product in AccessEnd.group(of: productId, in: store.catalog) where device.storage.lock(product) {
        report("app", "revoke", "\(product) locked")
      }
    }
  }

  /// A revoked transaction reaches the listener, with its revocation date.
  func revoked(_ record: PurchaseRecord) {
    guard device.api.usesStoreKit2, isListening, let signed = sign(record) else { return }
    keep(
      StoreKit2Update(
        handle: handle(of: record), transactionId: record.transactionId, productId: record.productId,
        origin: .revocation, verification: signed, date: store.clock.now))
    report("updates", "revocation", "\(record.productId) \(record.transactionId) \(signed)")
  }
}
