import Store
import Vocabulary

extension PaymentQueue {
  /// A callback waiting to be delivered, with the observers present when it was queued.
  enum Notification {
    case process(PaymentTransaction, refusal: SKErrorCode?)
    case updated([TransactionUpdate], targets: [ObjectIdentifier])
    case removed([PaymentTransaction], targets: [ObjectIdentifier])
    case restoreFinished(targets: [ObjectIdentifier])
    case restoreFailed(SKErrorCode, targets: [ObjectIdentifier])
    case revoked([String], targets: [ObjectIdentifier])
    case storefrontChanged(targets: [ObjectIdentifier])
    case downloads([Download], detail: String, targets: [ObjectIdentifier])
    case storeKit2([TransactionUpdate])
  }

  /// `add(_ observer:)`. An observer added while unfinished transactions wait hears them at once,
  /// as StoreKit redelivers them; it never hears what happened before it was added.
  public func add(observer: any TransactionObserver) {
    observers.append(observer)
    if observersByName[observer.name] == nil { observersByName[observer.name] = observer }
    defer { offerWaitingPromotions() }
    let waiting = transactions.filter { $0.state != .purchasing }
    guard !waiting.isEmpty else { return }
    let updates = waiting.map { TransactionUpdate(transaction: $0, state: $0.state) }
    pending.append(.updated(updates, targets: [ObjectIdentifier(observer)]))
  }

  /// `remove(_ observer:)`.
  ///
  /// - Returns: whether an observer of that name was registered.
  @discardableResult
  public func removeObserver(named name: String) -> Bool {
    guard observersByName.removeValue(forKey: name) != nil else { return false }
    for observer in observers where observer.name == name {
      callbacksHeard[ObjectIdentifier(observer)] = nil
    }
    observers.removeAll { $0.name == name }
    return true
  }

  /// The first registered observer of this name, if any.
  public func observer(named name: String) -> (any TransactionObserver)? { observersByName[name] }

  /// How many times the registered observer of this name heard each callback since it was added
  /// (`updatedTransactions`, `removedTransactions`, `restoreCompletedTransactionsFinished`, …),
  /// or `nil` when no observer of that name is registered.
  public func callbacks(heardBy name: String) -> [String: Int]? {
    guard let observer = observersByName[name] else { return nil }
    return callbacksHeard[ObjectIdentifier(observer)] ?? [:]
  }

  /// The observers registered now, as targets of a callback queued now.
  var everyObserver: [ObjectIdentifier] { observers.map(ObjectIdentifier.init) }

  /// Whether callbacks wait to be delivered.
  public var hasPendingNotifications: Bool { !pending.isEmpty }

  /// Delivers queued callbacks in order, including those that observers cause while being called,
  /// until none remain.
  public func deliverNotifications() {
    while !pending.isEmpty {
      deliver(pending.removeFirst())
    }
  }

  private func deliver(_ notification: Notification) {
    switch notification {
    case .process(let transaction, let refusal):
      complete(transaction, refusal: refusal)
    case .updated(let updates, let targets):
      let detail = updates.map { $0.transaction.summary(as: $0.state) }.joined(separator: ", ")
      notify(targets, "updatedTransactions", detail) { $0.paymentQueue(self, updatedTransactions: updates) }
    case .removed(let removed, let targets):
      let detail = removed.map { $0.summary(as: $0.state) }.joined(separator: ", ")
      notify(targets, "removedTransactions", detail) { $0.paymentQueue(self, removedTransactions: removed) }
    case .restoreFinished(let targets):
      notify(targets, "restoreCompletedTransactionsFinished", "") {
        $0.paymentQueueRestoreCompletedTransactionsFinished(self)
      }
    case .revoked(let productIds, let targets):
      notify(targets, "didRevokeEntitlementsForProductIdentifiers", productIds.joined(separator: ", ")) {
        $0.paymentQueue(self, didRevokeEntitlementsForProductIdentifiers: productIds)
      }
    case .downloads(let downloads, let detail, let targets):
      notify(targets, "updatedDownloads", detail) { $0.paymentQueue(self, updatedDownloads: downloads) }
    case .storefrontChanged(let targets):
      notify(targets, "paymentQueueDidChangeStorefront", store.storefront.id) {
        $0.paymentQueueDidChangeStorefront(self)
      }
    case .storeKit2(let updates):
      guard let storeKit2 else { return }
      for update in updates { storeKit2.queue(self, didUpdate: update.transaction, to: update.state) }
    case .restoreFailed(let error, let targets):
      notify(targets, "restoreCompletedTransactionsFailedWithError", error.description) {
        $0.paymentQueue(self, restoreCompletedTransactionsFailedWithError: error)
      }
    }
  }

  /// Calls each target observer still registered, in order, after logging the callback it hears.
  private func notify(
    _ targets: [ObjectIdentifier], _ callback: String, _ detail: String,
    _ call: (any TransactionObserver) -> Void
  ) {
    let registered = targets.compactMap { target in observers.first { ObjectIdentifier($0) == target } }
    for observer in registered {
      log.record(Event(time: now, actor: actor(observer.name), action: callback, detail: detail))
      callbacksHeard[ObjectIdentifier(observer), default: [:]][callback, default: 0] += 1
      call(observer)
    }
  }
}
