import Catalog
import Foundation
import Store
import Vocabulary

/// `SKPaymentQueue` on one device: payments become transactions, transactions stay until the app
/// finishes them (across relaunches), and observers hear every change.
///
/// Callbacks are queued, as StoreKit posts them to the main run loop, and delivered by
/// ``deliverNotifications()``: a finish inside a callback is heard after the current round.
public final class PaymentQueue {
  /// The device this queue belongs to.
  public let device: String
  /// The store payments go to.
  public let store: Store
  /// The account signed in on the device; `nil` once it was deleted (``signOut()``), until the
  /// device signs in again.
  public private(set) var account: Account?
  /// `SKPaymentQueue.canMakePayments()`: off when the device restricts purchases.
  public var canMakePayments = true
  /// How many upcoming payment sheets the user will cancel.
  public var pendingCancellations = 0
  /// The moment Apple last wrote the device a new receipt, as StoreKit does when a transaction
  /// becomes purchased or restored and at each renewal, until the device takes it
  /// (``takeWrittenReceipt()``).
  var writtenReceipt: (account: Account, stamp: HistoryStamp)? {
    didSet { if writtenReceipt != nil { needsSettling?() } }
  }
  /// Called when the queue has something for the world to settle (a callback waiting, a receipt
  /// written), so that the world visits only such queues, however many devices there are.
  public var needsSettling: (() -> Void)?
  /// Whether log lines name the device (`iPad/app`), as they should once there are several.
  public var namesDeviceInLog = false
  /// Unfinished transactions, oldest first.
  public internal(set) var transactions: [PaymentTransaction] = []
  /// Registered observers, in the order they were added.
  public internal(set) var observers: [any TransactionObserver] = []
  /// The registered observers by name, the first of each name, kept beside ``observers`` so that
  /// finding one costs the same however many there are.
  var observersByName: [String: any TransactionObserver] = [:]
  /// How many times each registered observer heard each callback since it was added (one log line
  /// each), by observer and callback name.
  var callbacksHeard: [ObjectIdentifier: [String: Int]] = [:]
  /// The hosted-content downloads of the transactions in this queue.
  public let downloads: DownloadQueue
  let registry: TransactionRegistry
  /// Callbacks waiting to be delivered, oldest first.
  var pending: [Notification] = [] {
    didSet { if !pending.isEmpty { needsSettling?() } }
  }
  /// The app's StoreKit 2 side, told of every transaction change after the observers.
  public weak var storeKit2: (any StoreKit2Client)?
  /// Promoted purchases waiting for the app to observe the queue, oldest first.
  public internal(set) var waitingPromotions: [Payment] = []
  /// Promoted purchases the app deferred in `shouldAddStorePayment`, to add later.
  public internal(set) var deferredStorePayments: [Payment] = []
  /// Who checks offer signatures before a charge; payments with a proof fail without one.
  public weak var authorizer: (any PaymentAuthorizer)?

  /// Creates an empty queue.
  public init(device: String, store: Store, account: Account?, registry: TransactionRegistry) {
    self.device = device
    self.store = store
    self.account = account
    self.registry = registry
    self.downloads = DownloadQueue(store: store)
  }

  var log: EventLog { store.log }
  var now: Date { store.clock.now }

  // MARK: Payments

  /// `add(_:)`: starts a payment. The transaction goes `purchasing`, then `purchased` or `failed`.
  ///
  /// A payment for a product identifier the App Store does not know (an app that skipped the
  /// products request) is added, and fails with `paymentInvalid`.
  ///
  /// - Throws: ``QueueError`` before any transaction exists when the quantity is outside 1 to 10
  ///   or no account is signed in.
  @discardableResult
  public func add(_ payment: Payment) throws(QueueError) -> PaymentTransaction {
    guard account != nil else { throw QueueError(.notAllowed, "no account is signed in on \(device)") }
    guard Payment.quantities.contains(payment.quantity) else {
      throw QueueError(.invalidValue, "quantity must be 1 to 10, not \(payment.quantity)")
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

  func complete(_ transaction: PaymentTransaction, refusal: SKErrorCode?) {
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
      noteAskToBuy(.askToBuyRequested, of: transaction)
      post(.deferred, of: transaction)
    } else {
      charge(transaction)
    }
  }

  func charge(_ transaction: PaymentTransaction) {
    let payment = transaction.payment
    guard let account else {
      return fail(transaction, with: .paymentNotAllowed)  // the account was deleted while it waited
    }
    var offerId = payment.offerId
    var introductoryOffer: Bool?
    if payment.offerProof != nil {
      switch authorizer?.authorize(payment, for: account)
        ?? .refused(.unknown, reason: "nobody checks offers")
      {
      case .allowed(let proven, let intro): (offerId, introductoryOffer) = (proven, intro)
      case .refused(let error, let reason):
        log.record(
          Event(
            time: now, actor: "store", action: "offerRefused",
            detail: "\(transaction.handleText) \(payment.productId): \(error.name): \(reason)"))
        return fail(transaction, with: error)
      }
    }
    switch store.charge(
      productId: payment.productId, quantity: payment.quantity, account: account, offerId: offerId,
      introductoryOffer: introductoryOffer, winBackOfferId: payment.winBackOfferId,
      billingPlan: payment.billingPlan)
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

  func fail(_ transaction: PaymentTransaction, with error: SKErrorCode) {
    transaction.error = error
    transaction.date = now
    post(.failed, of: transaction)
  }

  private func post(_ state: TransactionState, of transaction: PaymentTransaction) {
    transaction.state = state
    if state == .purchased {
      downloads.attach(to: transaction)
      writeReceipt()
    }
    post(updates: [TransactionUpdate(transaction: transaction, state: state)])
  }

  func post(updates: [TransactionUpdate]) {
    let targets = everyObserver
    if targets.isEmpty && storeKit2?.hearsTransactions != true {
      for update in updates {
        log.record(
          Event(
            time: now, actor: actor("queue"), action: "unheard",
            detail: "\(update.transaction.summary(as: update.state)) (no observer)",
            fields: log.readsFields ? fields(of: update.transaction, state: update.state) : []))
      }
    }
    pending.append(.updated(updates, targets: targets))
    let changes = updates.filter { $0.state != .purchasing }
    if !changes.isEmpty { pending.append(.storeKit2(changes)) }
  }

  // MARK: Finishing

  /// `finishTransaction(_:)`: removes a transaction from the queue.
  ///
  /// - Throws: ``QueueError`` when the transaction is on another device, already finished, or in a
  ///   state StoreKit refuses to finish (`purchasing`, `deferred`).
  public func finish(_ transaction: PaymentTransaction) throws(QueueError) {
    guard transaction.device == device else {
      throw QueueError(
        .notAllowed,
        "\(transaction.handleText) is in the queue of device \(transaction.device), not \(device)")
    }
    guard !transaction.isFinished else {
      throw QueueError(.conflict, "\(transaction.handleText) is already finished")
    }
    guard transaction.state.isFinishable else {
      throw QueueError(
        .notAllowed,
        "cannot finish \(transaction.handleText) while it is \(transaction.state.rawValue) (StoreKit raises an exception)"
      )
    }
    if let record = transaction.record, record.productType == .consumable,
      account?.noteFinished(transactionNumber: record.transactionNumber) != true
    {
      // Bought before the device signed in to another account: Apple notes it on the buyer's.
      store.account(holdingTransaction: record.transactionNumber)?.noteFinished(
        transactionNumber: record.transactionNumber)
    }
    takeOut(transaction, because: "finished")
    pending.append(.removed([transaction], targets: everyObserver))
  }

  /// Takes a transaction out of the queue for good, `because` it was finished or deleted: its
  /// downloads not over yet are cancelled, and observers hear that.
  func takeOut(_ transaction: PaymentTransaction, because reason: String) {
    transaction.isFinished = true
    transactions.removeAll { $0 === transaction }
    registry.noteFinished()
    let interrupted = downloads.cancelUnfinished(of: transaction)
    if !interrupted.isEmpty {
      log.record(
        Event(
          time: now, actor: actor("queue"), action: "downloadsCancelled",
          detail: "\(transaction.handleText) was \(reason) before its content downloaded"))
      post(downloads: interrupted)
    }
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
    pending.append(.revoked(productIds, targets: everyObserver))
  }

  // MARK: Receipts

  func writeReceipt() {
    guard let account else { return }  // no account, no receipt: Apple writes for a signed-in one
    writtenReceipt = (account, account.stamp(at: now))
  }

  /// The receipt Apple wrote since the last call, if any: the account and the moment of its records.
  public func takeWrittenReceipt() -> (account: Account, stamp: HistoryStamp)? {
    defer { writtenReceipt = nil }
    return writtenReceipt
  }

  /// `paymentQueueDidChangeStorefront(_:)`: tells observers the storefront changed.
  public func storefrontDidChange() {
    pending.append(.storefrontChanged(targets: everyObserver))
  }

  /// Signs the device in to another account; purchases go to it from now on.
  public func signIn(_ account: Account) {
    self.account = account
  }

  /// Signs the device out, as deleting its account does: payments are refused until it signs in.
  public func signOut() {
    account = nil
  }

  // MARK: The app process

  /// The app process ends: observers are gone and callbacks not yet delivered are lost. The
  /// unfinished transactions stay, waiting for the next observer.
  public func relaunch() {
    observers.removeAll()
    observersByName.removeAll()
    callbacksHeard.removeAll()
    pending.removeAll()
  }

  /// The app is deleted: on top of a relaunch, its receipt is gone until a restore or refresh.
  public func deleteApp() {
    relaunch()
    writtenReceipt = nil
  }

  // MARK: Log lines

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
