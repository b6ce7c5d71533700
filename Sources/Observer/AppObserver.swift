import Catalog
import Foundation
import Queue
import Store
import Vocabulary

/// A stand-in for the app's `SKPaymentTransactionObserver`: it hears callbacks and acts on them as
/// its policy says, delivering into the app's storage and finishing transactions.
public final class AppObserver: TransactionObserver {
  /// The name shown in log lines.
  public let name: String
  /// What it does per state.
  public let policy: ObserverPolicy
  private let storage: AppStorage
  /// Actions put off until a transaction's hosted content has downloaded, by transaction.
  var waitingForContent: [ObjectIdentifier: [ObserverAction]] = [:]

  /// Creates an observer that delivers into `storage`.
  public init(name: String, policy: ObserverPolicy, storage: AppStorage) {
    self.name = name
    self.policy = policy
    self.storage = storage
  }

  /// Acts on each update as the policy says for its state. Delivering a product with hosted
  /// content starts its downloads; what follows waits until they are done.
  public func paymentQueue(_ queue: PaymentQueue, updatedTransactions updates: [TransactionUpdate]) {
    for update in updates {
      run(policy.actions(for: update.state), on: update.transaction, in: queue)
    }
  }

  private func run(_ actions: [ObserverAction], on transaction: PaymentTransaction, in queue: PaymentQueue) {
    for (index, action) in actions.enumerated() {
      if action == .deliver, transaction.downloads.contains(where: { $0.state == .waiting }) {
        startDownloads(of: transaction, in: queue)
        guard policy.waitsForContent else { continue }
        waitingForContent[ObjectIdentifier(transaction)] = Array(actions[(index + 1)...])
        return
      }
      perform(action, on: transaction, in: queue)
    }
  }

  private func startDownloads(of transaction: PaymentTransaction, in queue: PaymentQueue) {
    do {
      try queue.start(transaction.downloads.filter { $0.state == .waiting })
      report(queue, "startDownloads", transaction.handleText)
    } catch {
      report(queue, "startDownloads", "\(transaction.handleText) refused: \(error)")
    }
  }

  /// When every download of a transaction is over, delivers what arrived and carries on with
  /// the actions that were waiting (finishing, for a correct app).
  public func paymentQueue(_ queue: PaymentQueue, updatedDownloads downloads: [Download]) {
    for download in downloads {
      let transaction = download.transaction
      let key = ObjectIdentifier(transaction)
      guard let waiting = waitingForContent[key], transaction.downloads.allSatisfy(\.state.isFinal) else {
        continue
      }
      waitingForContent[key] = nil
      if transaction.downloads.allSatisfy({ $0.state == .finished }) {
        deliver(transaction, in: queue)
      } else {
        report(queue, "deliver", "\(transaction.payment.productId): content did not arrive")
      }
      run(waiting, on: transaction, in: queue)
    }
  }

  /// Nothing to do: the queue has already logged the removal.
  public func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [PaymentTransaction]) {}

  /// Takes the products away from the app's storage: a revoked subscription takes its whole
  /// group away.
  public func paymentQueue(
    _ queue: PaymentQueue, didRevokeEntitlementsForProductIdentifiers productIds: [String]
  ) {
    let catalog = queue.store.catalog
    for productId in productIds.flatMap({ AccessEnd.group(of: $0, in: catalog) })
    where storage.lock(productId) {
      report(queue, "revoke", "\(productId) locked")
    }
  }

  /// The app's entitlement check (its receipt or `Transaction.currentEntitlements`) finds that a
  /// subscription no longer entitles: the group stopped entitling (expired, billing retry without
  /// grace, grace period over) or entitles to another product now (an upgrade, a change of plan
  /// at the renewal). An observer that delivers purchases takes the products away again.
  public func accessEnded(to productId: String, because reason: AccessEnd, in queue: PaymentQueue) {
    guard policy.purchased.contains(.deliver) else { return }
    for product in reason.products(losingAccessWith: productId, in: queue.store.catalog)
    where storage.lock(product) {
      report(queue, "entitlementCheck", "\(product) \(reason.words): locked")
    }
  }

  /// Nothing to do: the queue has already logged the change.
  public func paymentQueueDidChangeStorefront(_ queue: PaymentQueue) {}

  /// Answers a promoted purchase as the policy says.
  public func paymentQueue(
    _ queue: PaymentQueue, shouldAddStorePayment payment: Payment
  ) -> StorePaymentDecision {
    policy.storePayment
  }

  /// Nothing to do: restored transactions were handled as they arrived.
  public func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue) {}

  /// Nothing to do: the queue has already logged the failure.
  public func paymentQueue(
    _ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: SKErrorCode
  ) {}

  private func perform(_ action: ObserverAction, on transaction: PaymentTransaction, in queue: PaymentQueue) {
    switch action {
    case .deliver:
      if transaction.downloads.contains(where: { $0.state == .cancelled || $0.state == .failed }) {
        report(
          queue, "deliver",
          "\(transaction.payment.productId): content lost (download \(transaction.downloads[0].state.rawValue))"
        )
      } else {
        deliver(transaction, in: queue)
      }
    case .finish:
      do {
        try queue.finish(transaction)
        report(queue, "finishTransaction", transaction.handleText)
      } catch {
        report(queue, "finishTransaction", "\(transaction.handleText) refused: \(error)")
      }
    }
  }

  /// Delivers what the transaction entitles to. A subscription's is what the App Store's record
  /// says (the receipt's entry), and only while it entitles: a change of plan that waits for the
  /// renewal answers with the current period, so the app keeps the current product until the
  /// renewal brings the new one, and a restored period of a subscription that has ended or moved
  /// to another product unlocks nothing.
  private func deliver(_ transaction: PaymentTransaction, in queue: PaymentQueue) {
    guard transaction.state == .purchased || transaction.state == .restored else { return }
    var productId = transaction.payment.productId
    if let record = transaction.record, record.productType == .autoRenewable { productId = record.productId }
    guard let product = queue.store.catalog.product(productId) else { return }
    switch product.type {
    case .consumable:
      let balance = storage.add(transaction.payment.quantity, to: productId)
      report(queue, "deliver", "\(productId) +\(transaction.payment.quantity) (balance \(balance))")
    case .autoRenewable:
      guard isEntitled(to: product, by: transaction.record, in: queue) else {
        report(queue, "deliver", "\(productId) not entitled now: left locked")
        return
      }
      let unlocked = storage.unlock(productId)
      report(queue, "deliver", "\(productId) \(unlocked ? "unlocked" : "already unlocked")")
    case .nonConsumable:
      let unlocked = storage.unlock(productId)
      report(queue, "deliver", "\(productId) \(unlocked ? "unlocked" : "already unlocked")")
    case .nonRenewing:
      let unlocked = storage.unlock(productId)
      let until = product.nonRenewingPeriod.map { period in
        " until \(Timestamp.iso8601(VirtualClock.addingUpToLatest(TimeSpan(period), to: transaction.date)))"
      }
      report(queue, "deliver", "\(productId) \(unlocked ? "unlocked" : "extended")\(until ?? "")")
    }
  }

  /// The app's entitlement check for a subscription, as an app that validates its receipt makes
  /// it: the group's current period entitles (active, in an offer or in the grace period) and is
  /// of this product; a period a family member shares entitles until it ends.
  private func isEntitled(to product: Product, by record: PurchaseRecord?, in queue: PaymentQueue) -> Bool {
    let now = queue.store.clock.now
    if let record, record.isFamilyShared {
      return !record.isCancelled && (record.expiresDate ?? now) > now
    }
    guard let group = product.subscription?.group, let state = queue.account?.subscriptions[group] else {
      return false
    }
    return state.productId == product.id && state.status(at: now).isEntitled
  }

  private func report(_ queue: PaymentQueue, _ action: String, _ detail: String) {
    queue.store.log.record(
      Event(time: queue.store.clock.now, actor: queue.actor(name), action: action, detail: detail))
  }
}
