import Catalog
import Foundation
import Queue
import Store
import Verifier

/// The StoreKit 2 side of the stand-in app on one device: its `Product.purchase(options:)` calls and
/// their results, its `Transaction.updates` listener, and what it delivers into the app's storage.
///
/// It follows Apple's documented rules:
/// - a purchase made in the app on this device returns through its `PurchaseResult` and never
///   reaches `updates`; when it is `pending` (Ask to Buy), the answer arrives through `updates`;
/// - transactions made outside the app's purchase call (another device, renewals, family sharing,
///   Ask to Buy approvals, purchases made through StoreKit 1 in an app that uses both) arrive
///   through `updates`, as do refunds and revocations;
/// - unfinished transactions are delivered once, when the listener starts after a launch;
/// - the app verifies, delivers, then finishes, as its ``ListenerPolicy`` says; at launch and
///   whenever a subscription stops entitling, it checks `Transaction.currentEntitlements`.
public final class StoreKit2App: StoreKit2Client {
  /// What the app does with a transaction.
  public internal(set) var policy = ListenerPolicy()
  /// Whether the `Transaction.updates` listener runs.
  public internal(set) var isListening = false
  /// How many of the latest updates are kept at least (up to twice as many are, between batches):
  /// a listener that hears a renewal every two seconds for a year would otherwise keep 15 million
  /// signed transactions.
  public static let updatesKept = 1_000
  /// What the listener got since the app launched, oldest first: the latest ``updatesKept`` or
  /// more of them (see ``updatesSinceLaunch``).
  public internal(set) var updates: [StoreKit2Update] = []
  /// How many updates the listener got since the app launched, kept or not.
  public internal(set) var updatesSinceLaunch = 0
  /// The results of the app's purchase calls since it launched, oldest first.
  public internal(set) var results: [PurchaseResult] = []
  /// Damages armed by `unverified-next`, applied to the next signed transactions, in order.
  public internal(set) var damages: [VerificationError] = []
  /// Purchase intents the app has not completed yet, oldest first.
  public private(set) var intents: [PurchaseIntent] = []
  private var intentCount = 0
  /// Purchase calls under way, by transaction handle.
  var awaiting: Set<Int> = []
  unowned let device: Device
  weak var world: World?
  var cachedVerifier: (root: AnyHashable, verifier: JWSVerifier)?

  init(device: Device) {
    self.device = device
  }

  var queue: PaymentQueue { device.queue }
  var store: Store { device.queue.store }

  // MARK: The app's calls

  /// `product.purchase(options:)`: adds a StoreKit 2 payment to the device's queue; its result
  /// comes when the queue has processed it (``results``).
  ///
  /// - Throws: ``QueueError`` as `buy` does (no account, quantity out of range).
  @discardableResult
  public func purchase(
    _ productId: String, quantity: Int, appAccountToken: String?, offerId: String? = nil,
    offerProof: OfferProof? = nil, winBackOfferId: String? = nil, billingPlan: BillingPlan.Kind? = nil
  ) throws(QueueError)
    -> PaymentTransaction
  {
    var payment = Payment(
      productId: productId, quantity: quantity, offerId: offerId, api: .storeKit2,
      appAccountToken: appAccountToken)
    payment.offerProof = offerProof
    payment.winBackOfferId = winBackOfferId
    payment.billingPlan = billingPlan
    if let index = intents.firstIndex(where: { $0.productId == productId }) {
      let intent = intents.remove(at: index)
      if winBackOfferId == nil, offerId == nil, offerProof == nil, let offer = intent.winBackOfferId {
        payment.winBackOfferId = offer
        report("purchaseIntent", "applied", "intent \(intent.number): its win-back offer \(offer) applies")
      }
    }
    let transaction = try queue.add(payment)
    awaiting.insert(transaction.handle)
    return transaction
  }

  /// A purchase started outside the app reaches `PurchaseIntent.intents`: the app completes it
  /// with `purchase`.
  public func receive(intentFor productId: String, winBackOfferId: String?) {
    intentCount += 1
    let intent = PurchaseIntent(number: intentCount, productId: productId, winBackOfferId: winBackOfferId)
    intents.append(intent)
    report("purchaseIntent", "received", "intent \(intent.description)")
  }

  /// Starts the `Transaction.updates` listener: it gets every unfinished transaction once, then
  /// what arrives from now on.
  public func startListening() {
    guard !isListening else { return }
    isListening = true
    report("updates", "listening", "Transaction.updates started")
    for transaction in queue.transactions where transaction.state == .purchased && !transaction.isFinished {
      receive(transaction, origin: .unfinished)
    }
  }

  /// Sets what the app does with transactions; a policy that listens from launch starts the
  /// listener now if it is not running.
  public func setPolicy(_ policy: ListenerPolicy) {
    self.policy = policy
    if policy.startsAtLaunch && device.api.usesStoreKit2 { startListening() }
  }

  /// The handle of this device's transaction for an App Store transaction, if it has one (each
  /// device that heard a renewal has a transaction of its own for it).
  public func handle(of record: PurchaseRecord) -> Int? {
    world?.registry.transaction(identifier: record.transactionId, onDevice: device.name)?.handle
  }

  // MARK: The app's life

  /// The app launches: the listener starts if the policy says so, and the app checks its
  /// entitlements.
  func launch() {
    isListening = false
    updates = []
    updatesSinceLaunch = 0
    results = []
    awaiting = []
    guard device.api.usesStoreKit2 else { return }
    if policy.startsAtLaunch { startListening() }
    checkEntitlements()
  }

  // MARK: What the queue says

  /// Whether the app's StoreKit 2 side hears transactions now: its listener runs, or a purchase
  /// call waits for its result.
  public var hearsTransactions: Bool { device.api.usesStoreKit2 && (isListening || !awaiting.isEmpty) }

  /// Ends the app's purchase call for a StoreKit 2 payment, or feeds `updates`.
  public func queue(
    _ queue: PaymentQueue, didUpdate transaction: PaymentTransaction, to state: TransactionState
  ) {
    if state == .purchased, let record = transaction.record, record.reason == .purchase {
      tellOtherDevices(about: record)
    }
    guard device.api.usesStoreKit2 else { return }
    if awaiting.contains(transaction.handle) {
      awaiting.remove(transaction.handle)
      endPurchase(transaction, state: state)
    } else if state == .purchased, isListening {
      receive(transaction, origin: .transaction)
    }
  }

  private func endPurchase(_ transaction: PaymentTransaction, state: TransactionState) {
    let subject = "\(transaction.handleText) \(transaction.payment.productId)"
    switch state {
    case .purchased:
      guard let record = transaction.record, let signed = sign(record) else { return }
      if let token = transaction.payment.appAccountToken {
        world?.noteAppAccountToken(token, of: record)
      }
      results.append(.success(handle: transaction.handle, transactionId: record.transactionId, signed))
      report("app", "purchaseResult", "\(subject): success \(signed) \(record.transactionId)")
      handle(transaction, record: record, verification: signed)
    case .deferred:
      results.append(.pending(handle: transaction.handle))
      report(
        "app", "purchaseResult",
        "\(subject): pending (Ask to Buy: the answer comes through Transaction.updates)")
    case .failed:
      // StoreKit 2 has no failed transactions to finish: none stays in the queue.
      if !transaction.isFinished { try? queue.finish(transaction) }
      let error = transaction.error ?? .unknown
      if error == .paymentCancelled {
        results.append(.userCancelled)
        report("app", "purchaseResult", "\(subject): userCancelled")
      } else {
        results.append(.failed(error: error.storeKit2Name))
        report("app", "purchaseResult", "\(subject): threw \(error.storeKit2Name)")
      }
    case .purchasing, .restored:
      break
    }
  }

  func report(_ actor: String, _ action: String, _ detail: String) {
    store.log.record(Event(time: store.clock.now, actor: queue.actor(actor), action: action, detail: detail))
  }
}
