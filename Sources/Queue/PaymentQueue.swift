import Catalog
import Foundation
import Store

/// `SKPaymentQueue` on one device: payments become transactions, transactions stay until the app
/// finishes them (across relaunches), and observers hear every change.
///
/// Callbacks are queued, as StoreKit posts them to the main run loop, and delivered by
/// ``deliverNotifications()``: a finish inside a callback is heard after the current round.
public final class PaymentQueue {
  private enum Notification {
    case process(PaymentTransaction, refusal: SKErrorCode?)
    case updated([TransactionUpdate], targets: [ObjectIdentifier])
    case removed([PaymentTransaction], targets: [ObjectIdentifier])
    case restoreFinished(targets: [ObjectIdentifier])
    case restoreFailed(SKErrorCode, targets: [ObjectIdentifier])
    case revoked([String], targets: [ObjectIdentifier])
    case storefrontChanged(targets: [ObjectIdentifier])
    case downloads([Download], detail: String, targets: [ObjectIdentifier])
  }

  /// The device this queue belongs to.
  public let device: String
  /// The store payments go to.
  public let store: Store
  /// The account signed in on the device.
  public private(set) var account: Account
  /// `SKPaymentQueue.canMakePayments()`: off when the device restricts purchases.
  public var canMakePayments = true
  /// How many upcoming payment sheets the user will cancel.
  public var pendingCancellations = 0
  /// How fast hosted content downloads, in bytes per second, shared by active downloads.
  public var bandwidth: Double = 1_048_576
  /// The instant download progress was last brought up to date.
  private var downloadClock: Date?
  /// The moment Apple last wrote the device a new receipt, as StoreKit does when a transaction
  /// becomes purchased or restored and at each renewal, until the device takes it
  /// (``takeWrittenReceipt()``).
  private var writtenReceipt: (account: Account, stamp: HistoryStamp)?
  /// Whether log lines name the device (`iPad/app`), as they should once there are several.
  public var namesDeviceInLog = false
  /// Unfinished transactions, oldest first.
  public private(set) var transactions: [PaymentTransaction] = []
  /// Registered observers, in the order they were added.
  public private(set) var observers: [any TransactionObserver] = []
  private let registry: TransactionRegistry
  private var pending: [Notification] = []

  /// Creates an empty queue.
  public init(device: String, store: Store, account: Account, registry: TransactionRegistry) {
    self.device = device
    self.store = store
    self.account = account
    self.registry = registry
  }

  private var log: EventLog { store.log }
  private var now: Date { store.clock.now }

  // MARK: Payments

  /// `add(_:)`: starts a payment. The transaction goes `purchasing`, then `purchased` or `failed`.
  ///
  /// A payment for a product identifier the App Store does not know (an app that skipped the
  /// products request) is added, and fails with `paymentInvalid`.
  ///
  /// - Throws: ``QueueError`` before any transaction exists when the quantity is outside 1 to 10.
  @discardableResult
  public func add(_ payment: Payment) throws(QueueError) -> PaymentTransaction {
    guard Payment.quantities.contains(payment.quantity) else {
      throw QueueError("quantity must be 1 to 10, not \(payment.quantity)")
    }
    let transaction = PaymentTransaction(
      handle: registry.nextHandle, payment: payment, device: device, state: .purchasing, date: now)
    registry.register(transaction)
    transactions.append(transaction)
    post(.purchasing, of: transaction)
    pending.append(.process(transaction, refusal: deviceRefusal()))
    return transaction
  }

  /// Why the device itself stops a payment being added now: restrictions, or a cancelled sheet.
  private func deviceRefusal() -> SKErrorCode? {
    if !canMakePayments { return .paymentNotAllowed }
    guard pendingCancellations > 0 else { return nil }
    pendingCancellations -= 1
    return .paymentCancelled
  }

  private func complete(_ transaction: PaymentTransaction, refusal: SKErrorCode?) {
    if let refusal = refusal ?? store.faults.take(.buy) {
      fail(transaction, with: refusal)
    } else if store.isInterruptedPurchasesOn {
      transaction.isInterrupted = true
      log.record(
        Event(
          time: now, actor: "store", action: "interrupted",
          detail:
            "\(transaction.handleText) \(transaction.payment.productId): the customer must act before it completes (resolve \(transaction.handleText))"
        ))
      fail(transaction, with: .paymentCancelled)
    } else if store.isAskToBuyOn {
      transaction.date = now
      log.record(
        Event(
          time: now, actor: "store", action: "askToBuy",
          detail:
            "\(transaction.handleText) \(transaction.payment.productId) waits for a parent (approve or decline \(transaction.handleText))"
        ))
      post(.deferred, of: transaction)
    } else {
      charge(transaction)
    }
  }

  private func charge(_ transaction: PaymentTransaction) {
    let payment = transaction.payment
    switch store.charge(
      productId: payment.productId, quantity: payment.quantity, account: account, offerId: payment.offerId)
    {
    case .success(let record):
      transaction.record = record
      transaction.transactionIdentifier = record.transactionId
      registry.identify(transaction)
      transaction.date = record.purchaseDate
      post(.purchased, of: transaction)
    case .failure(let error):
      fail(transaction, with: error)
    }
  }

  // MARK: Ask to Buy and interrupted purchases

  /// A parent approves a deferred purchase: it is charged and becomes `purchased`.
  ///
  /// - Throws: ``QueueError`` unless the transaction is deferred in this queue.
  public func approve(_ transaction: PaymentTransaction) throws(QueueError) {
    try requireDeferred(transaction)
    charge(transaction)
  }

  /// A parent declines a deferred purchase: it becomes `failed` (SKError 2), or, with the silent
  /// habit, the app hears nothing and the transaction stays deferred.
  public func decline(_ transaction: PaymentTransaction) throws(QueueError) {
    try requireDeferred(transaction)
    guard !store.isAskToBuyDeclineSilent else {
      log.record(
        Event(
          time: now, actor: "store", action: "askToBuyDeclined",
          detail: "\(transaction.handleText): nothing is sent to the app"))
      return
    }
    fail(transaction, with: .paymentCancelled)
  }

  private func requireDeferred(_ transaction: PaymentTransaction) throws(QueueError) {
    guard transaction.device == device, transaction.state == .deferred, !transaction.isFinished else {
      throw QueueError(
        "\(transaction.handleText) is \(transaction.state.rawValue), not waiting for Ask to Buy")
    }
  }

  /// The customer resolves an interrupted purchase: a new transaction arrives `purchased`.
  ///
  /// - Throws: ``QueueError`` unless the transaction is an unresolved interrupted purchase.
  @discardableResult
  public func resolve(_ transaction: PaymentTransaction) throws(QueueError) -> PaymentTransaction {
    guard transaction.device == device, transaction.isInterrupted, transaction.resolution == nil else {
      throw QueueError("\(transaction.handleText) is not an interrupted purchase waiting to be resolved")
    }
    let completion = PaymentTransaction(
      handle: registry.nextHandle, payment: transaction.payment, device: device, state: .purchasing, date: now
    )
    registry.register(completion)
    transactions.append(completion)
    transaction.resolution = completion
    charge(completion)
    return completion
  }

  private func fail(_ transaction: PaymentTransaction, with error: SKErrorCode) {
    transaction.error = error
    transaction.date = now
    post(.failed, of: transaction)
  }

  private func post(_ state: TransactionState, of transaction: PaymentTransaction) {
    transaction.state = state
    if state == .purchased {
      attachDownloads(to: transaction)
      writeReceipt()
    }
    post(updates: [TransactionUpdate(transaction: transaction, state: state)])
  }

  private func post(updates: [TransactionUpdate]) {
    let targets = observers.map(ObjectIdentifier.init)
    if targets.isEmpty {
      for update in updates {
        log.record(
          Event(
            time: now, actor: actor("queue"), action: "unheard",
            detail: "\(update.transaction.summary(as: update.state)) (no observer)",
            fields: fields(of: update.transaction, state: update.state)))
      }
    }
    pending.append(.updated(updates, targets: targets))
  }

  // MARK: Finishing

  /// `finishTransaction(_:)`: removes a transaction from the queue.
  ///
  /// - Throws: ``QueueError`` when the transaction is on another device, already finished, or in a
  ///   state StoreKit refuses to finish (`purchasing`, `deferred`).
  public func finish(_ transaction: PaymentTransaction) throws(QueueError) {
    guard transaction.device == device else {
      throw QueueError(
        "\(transaction.handleText) is in the queue of device \(transaction.device), not \(device)")
    }
    guard !transaction.isFinished else { throw QueueError("\(transaction.handleText) is already finished") }
    guard transaction.state.isFinishable else {
      throw QueueError(
        "cannot finish \(transaction.handleText) while it is \(transaction.state.rawValue) (StoreKit raises an exception)"
      )
    }
    transaction.isFinished = true
    transactions.removeAll { $0 === transaction }
    if let number = transaction.record?.transactionNumber, !account.noteFinished(transactionNumber: number) {
      store.account(holdingTransaction: number)?.noteFinished(transactionNumber: number)
    }
    let interrupted = transaction.downloads.filter {
      $0.state == .active || $0.state == .paused || $0.state == .waiting
    }
    if !interrupted.isEmpty {
      bringDownloadsUpToDate()
      for download in interrupted { download.state = .cancelled }
      log.record(
        Event(
          time: now, actor: actor("queue"), action: "downloadsCancelled",
          detail: "\(transaction.handleText) was finished before its content downloaded"))
      postDownloads(interrupted)
    }
    pending.append(.removed([transaction], targets: observers.map(ObjectIdentifier.init)))
  }

  // MARK: Restore

  /// `restoreCompletedTransactions()`: a `restored` transaction with a new identifier for every
  /// restorable purchase of the account, then `restoreCompletedTransactionsFinished`.
  public func restoreCompletedTransactions() {
    if let error = store.faults.take(.restore) {
      pending.append(.restoreFailed(error, targets: observers.map(ObjectIdentifier.init)))
      return
    }
    var updates: [TransactionUpdate] = []
    for original in account.restorablePurchases {
      let transaction = PaymentTransaction(
        handle: registry.nextHandle,
        payment: Payment(productId: original.productId, quantity: original.quantity),
        device: device, state: .restored, date: now)
      transaction.transactionIdentifier = String(store.makeTransactionNumber())
      transaction.original = original
      transaction.record = original
      attachDownloads(to: transaction)
      registry.register(transaction)
      transactions.append(transaction)
      updates.append(TransactionUpdate(transaction: transaction, state: .restored))
    }
    if !updates.isEmpty {
      writeReceipt()
      post(updates: updates)
    }
    pending.append(.restoreFinished(targets: observers.map(ObjectIdentifier.init)))
  }

  // MARK: Transactions from elsewhere

  /// A renewal (or another transaction made outside the app) arrives as `purchased`, heard by the
  /// observers present now, or by the next one added.
  @discardableResult
  public func receive(_ record: PurchaseRecord) -> PaymentTransaction {
    let transaction = PaymentTransaction(
      handle: registry.nextHandle, payment: Payment(productId: record.productId, quantity: record.quantity),
      device: device, state: .purchased, date: record.purchaseDate)
    transaction.record = record
    transaction.transactionIdentifier = record.transactionId
    registry.register(transaction)
    transactions.append(transaction)
    writeReceipt()
    post(updates: [TransactionUpdate(transaction: transaction, state: .purchased)])
    return transaction
  }

  /// `paymentQueue(_:didRevokeEntitlementsForProductIdentifiers:)`: tells observers the customer
  /// lost access to products.
  public func revokeEntitlements(for productIds: [String]) {
    pending.append(.revoked(productIds, targets: observers.map(ObjectIdentifier.init)))
  }

  // MARK: Receipts

  private func writeReceipt() {
    writtenReceipt = (account, account.stamp(at: now))
  }

  /// The receipt Apple wrote since the last call, if any: the account and the moment of its records.
  public func takeWrittenReceipt() -> (account: Account, stamp: HistoryStamp)? {
    defer { writtenReceipt = nil }
    return writtenReceipt
  }

  // MARK: Downloads

  private func attachDownloads(to transaction: PaymentTransaction) {
    guard transaction.downloads.isEmpty,
      let content = store.catalog.product(transaction.payment.productId)?.hostedContent
    else { return }
    let download = Download(content: content, transaction: transaction)
    transaction.downloads = [download]
    downloads.append(download)
  }

  /// Every download of the transactions in this queue, in order.
  public private(set) var downloads: [Download] = []

  /// `start(_:)`: waiting or paused downloads become active.
  ///
  /// - Throws: ``QueueError`` when a download is not waiting.
  public func start(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.waiting], to: .active, verb: "start")
  }

  /// `pause(_:)`.
  public func pause(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.active], to: .paused, verb: "pause")
  }

  /// `resume(_:)`.
  public func resume(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.paused], to: .active, verb: "resume")
  }

  /// `cancel(_:)`.
  public func cancel(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.waiting, .active, .paused], to: .cancelled, verb: "cancel")
  }

  private func change(
    _ downloads: [Download], from allowed: Set<Download.State>, to state: Download.State, verb: String
  ) throws(QueueError) {
    for download in downloads where !allowed.contains(download.state) {
      throw QueueError(
        "cannot \(verb) the download of \(download.transaction.handleText): it is \(download.state.rawValue)")
    }
    guard !downloads.isEmpty else { throw QueueError("no download to \(verb)") }
    bringDownloadsUpToDate()
    for download in downloads {
      if state == .active, download.state == .waiting, let error = store.faults.take(.download) {
        download.state = .failed
        download.error = error
      } else {
        download.state = state
      }
    }
    postDownloads(downloads)
  }

  private var activeDownloads: [Download] { downloads.filter { $0.state == .active } }

  /// When the next active download will finish at the current bandwidth, if any is active.
  public var nextDownloadCompletion: Date? {
    let active = activeDownloads
    guard !active.isEmpty else { return nil }
    let share = bandwidth / Double(active.count)
    let soonest = active.map { $0.timeRemaining(bandwidth: share) }.min() ?? 0
    return (downloadClock ?? now).addingTimeInterval(soonest)
  }

  /// Moves every active download forward to the current time; those that completed finish, and
  /// observers hear the progress of all of them.
  public func updateDownloads() {
    let active = activeDownloads
    bringDownloadsUpToDate()
    guard !active.isEmpty else { return }
    postDownloads(active)
  }

  private func bringDownloadsUpToDate() {
    defer { downloadClock = now }
    guard let last = downloadClock, now > last else { return }
    let active = activeDownloads
    guard !active.isEmpty else { return }
    let bytes = now.timeIntervalSince(last) * bandwidth / Double(active.count)
    for download in active {
      download.bytesReceived = min(Double(download.content.size), download.bytesReceived + bytes)
      if download.bytesReceived >= Double(download.content.size) - 0.5 {
        download.bytesReceived = Double(download.content.size)
        download.state = .finished
      }
    }
  }

  private func postDownloads(_ downloads: [Download]) {
    let share = bandwidth / Double(max(1, activeDownloads.count))
    let detail = downloads.map {
      $0.summary(bandwidth: share)
    }.joined(separator: ", ")
    pending.append(.downloads(downloads, detail: detail, targets: observers.map(ObjectIdentifier.init)))
  }

  /// `paymentQueueDidChangeStorefront(_:)`: tells observers the storefront changed.
  public func storefrontDidChange() {
    pending.append(.storefrontChanged(targets: observers.map(ObjectIdentifier.init)))
  }

  /// Signs the device in to another account; purchases go to it from now on.
  public func signIn(_ account: Account) {
    self.account = account
  }

  // MARK: Observers

  /// `add(_ observer:)`. An observer added while unfinished transactions wait hears them at once,
  /// as StoreKit redelivers them; it never hears what happened before it was added.
  public func add(observer: any TransactionObserver) {
    observers.append(observer)
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
    let before = observers.count
    observers.removeAll { $0.name == name }
    return observers.count < before
  }

  /// The app process ends: observers are gone and callbacks not yet delivered are lost. The
  /// unfinished transactions stay, waiting for the next observer.
  public func relaunch() {
    observers.removeAll()
    pending.removeAll()
  }

  /// The app is deleted: on top of a relaunch, its receipt is gone until a restore or refresh.
  public func deleteApp() {
    relaunch()
    writtenReceipt = nil
  }

  // MARK: Delivery

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
      for observer in registered(targets) {
        announce(observer, "updatedTransactions", detail)
        observer.paymentQueue(self, updatedTransactions: updates)
      }
    case .removed(let removed, let targets):
      let detail = removed.map { $0.summary(as: $0.state) }.joined(separator: ", ")
      for observer in registered(targets) {
        announce(observer, "removedTransactions", detail)
        observer.paymentQueue(self, removedTransactions: removed)
      }
    case .restoreFinished(let targets):
      for observer in registered(targets) {
        announce(observer, "restoreCompletedTransactionsFinished", "")
        observer.paymentQueueRestoreCompletedTransactionsFinished(self)
      }
    case .revoked(let productIds, let targets):
      for observer in registered(targets) {
        announce(observer, "didRevokeEntitlementsForProductIdentifiers", productIds.joined(separator: ", "))
        observer.paymentQueue(self, didRevokeEntitlementsForProductIdentifiers: productIds)
      }
    case .downloads(let downloads, let detail, let targets):
      for observer in registered(targets) {
        announce(observer, "updatedDownloads", detail)
        observer.paymentQueue(self, updatedDownloads: downloads)
      }
    case .storefrontChanged(let targets):
      for observer in registered(targets) {
        announce(observer, "paymentQueueDidChangeStorefront", store.storefront.id)
        observer.paymentQueueDidChangeStorefront(self)
      }
    case .restoreFailed(let error, let targets):
      for observer in registered(targets) {
        announce(observer, "restoreCompletedTransactionsFailedWithError", error.description)
        observer.paymentQueue(self, restoreCompletedTransactionsFailedWithError: error)
      }
    }
  }

  private func registered(_ targets: [ObjectIdentifier]) -> [any TransactionObserver] {
    targets.compactMap { target in observers.first { ObjectIdentifier($0) == target } }
  }

  private func announce(_ observer: any TransactionObserver, _ callback: String, _ detail: String) {
    log.record(Event(time: now, actor: actor(observer.name), action: callback, detail: detail))
  }

  /// How an actor on this device is named in log lines: `app`, or `iPad/app` when devices are named.
  public func actor(_ name: String) -> String {
    namesDeviceInLog ? "\(device)/\(name)" : name
  }

  private func fields(of transaction: PaymentTransaction, state: TransactionState) -> [Event.Field] {
    var fields: [Event.Field] = [
      .init("handle", transaction.handleText), .init("product", transaction.payment.productId),
      .init("state", state.rawValue),
    ]
    if let id = transaction.transactionIdentifier { fields.append(.init("transactionId", id)) }
    return fields
  }
}
