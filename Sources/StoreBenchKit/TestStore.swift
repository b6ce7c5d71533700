import Catalog
import Crypto
import Foundation
import Queue
import Simulation
import Store

/// An App Store of your own, in process, for tests: storebench's world (catalog, account, device,
/// virtual clock, signed transactions) behind an API that reads like StoreKit 2.
///
/// Make one, then run the code under test inside ``run(_:)``: ``Product``, ``Transaction`` and
/// ``AppTransaction`` talk to the store of the task they run in, so tests can run in parallel,
/// each with a world of its own. The store's own methods (``advanceClock(by:)``, ``setAskToBuy(_:)``,
/// ``refund(transactionID:)``…) play the App Store's and the customer's parts, deterministically.
///
/// ```swift
/// let store = try TestStore(catalogFile: url)
/// try await store.run {
///   let product = try await Product.products(for: ["pro.monthly"])[0]
///   let result = try await product.purchase()
///   try await store.advanceClock(by: "1mo")
/// }
/// ```
public actor TestStore {
  /// The store the current task's StoreKit calls go to.
  @TaskLocal public static var current: TestStore?

  let world: World
  let hub = UpdateHub()
  private var forwarded = 0

  /// Creates a store over a catalog file (storebench's JSON catalog or an Xcode `.storekit`
  /// file), with one device whose app uses StoreKit 2, signed in to the account `default`, the
  /// clock at 2026-01-01T00:00:00Z.
  ///
  /// - Parameters:
  ///   - catalogFile: The catalog.
  ///   - authorityDirectory: Where the certificate authority that signs transactions lives; by
  ///     default a directory of this process's under the temporary directory, created once.
  /// - Throws: ``TestStoreError`` when the catalog cannot be read.
  public init(catalogFile: URL, authorityDirectory: URL? = nil) throws {
    let catalog: Catalog
    do {
      catalog = try CatalogLoader.load(path: catalogFile.path)
    } catch {
      throw TestStoreError("the catalog: \(error)")
    }
    world = World(
      catalog: catalog, log: EventLog(), authorityDirectory: authorityDirectory ?? Self.defaultAuthority)
    world.device.useAPI(.storeKit2)
    var policy = ListenerPolicy()
    policy.finishes = false  // your code finishes, as a StoreKit 2 app must
    world.device.storeKit2.setPolicy(policy)
  }

  /// A certificate authority for this process, in the temporary directory.
  static let defaultAuthority = FileManager.default.temporaryDirectory
    .appendingPathComponent("storebenchkit-\(getpid())/ca")

  /// Runs code whose StoreKit calls go to this store.
  public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    try await Self.$current.withValue(self) { try await body() }
  }

  /// The store of the current task.
  static func required() throws -> TestStore {
    guard let current else {
      throw TestStoreError("no TestStore: call StoreKit inside `store.run { … }`")
    }
    return current
  }

  // MARK: Steps of the world

  /// Runs one change of the world, then passes what the listener got to `Transaction.updates`.
  func step<T>(_ body: () throws -> T) rethrows -> T {
    let result = try world.step(changing: true, body)
    forwardUpdates()
    return result
  }

  private func forwardUpdates() {
    let app = world.device.storeKit2
    let updates = app.updates
    // `forwarded` counts every update since launch; the app keeps only the latest ones.
    let first = max(0, updates.count - (app.updatesSinceLaunch - forwarded))
    for update in updates[first...] {
      guard let record = record(transactionId: update.transactionId) else { continue }
      hub.yield(verified(record))
    }
    forwarded = app.updatesSinceLaunch
  }

  // MARK: What the App Store and the customer do

  /// The virtual clock's time.
  public var now: Date { world.store.clock.now }

  /// Moves the virtual clock forward (`"1mo"`, `"8d"`, `"1y"`, as `advance-clock` reads them):
  /// renewals, billing retries and expiries happen on the way.
  public func advanceClock(by span: String) throws {
    let time: TimeSpan
    do {
      time = try TimeSpan(parsing: span)
    } catch {
      throw TestStoreError("\(error)")
    }
    do {
      try step { _ = try world.advanceClock(by: time) }
    } catch {
      throw TestStoreError("\(error)")
    }
  }

  /// Ask to Buy: while on, purchases are pending until ``approveAskToBuy(transactionID:)``.
  public func setAskToBuy(_ on: Bool) {
    world.store.isAskToBuyOn = on
  }

  /// A parent approves the pending purchase of a product: it arrives through `Transaction.updates`.
  public func approveAskToBuy(productID: String) throws {
    guard
      let transaction = world.device.queue.transactions.first(where: {
        $0.state == .deferred && $0.payment.productId == productID
      })
    else { throw TestStoreError("no purchase of \(productID) waits for Ask to Buy") }
    do {
      try step { try world.device.queue.approve(transaction) }
    } catch {
      throw TestStoreError("\(error)")
    }
  }

  /// While on, renewals fail and subscriptions go into billing retry.
  public func setBillingRetry(_ on: Bool) {
    world.store.isBillingRetryOn = on
  }

  /// Turns the billing grace period on (a number of days: 3, 16 or 28) or off (`nil`).
  public func setGracePeriod(days: Int?) {
    world.store.gracePeriodDays = days
  }

  /// The customer fixes their payment method: subscriptions in billing retry recover.
  public func fixBilling() throws {
    do {
      try step { _ = world.store.fixBilling(account: try account()) }
    } catch {
      throw TestStoreError("\(error)")
    }
  }

  /// Apple refunds a transaction: the app hears it through `Transaction.updates`.
  public func refund(transactionID: UInt64) throws {
    do {
      try step {
        try world.store.refund(transactionNumber: transactionID, reason: .other, account: try account())
      }
    } catch {
      throw TestStoreError("\(error)")
    }
  }

  /// The customer turns auto-renew off or on, as in Settings.
  public func setAutoRenew(_ on: Bool, productID: String) throws {
    do {
      try step { try world.store.setAutoRenew(on, productId: productID, account: try account()) }
    } catch {
      throw TestStoreError("\(error)")
    }
  }

  /// The customer buys on another device: the purchase arrives through `Transaction.updates`.
  public func purchaseOnAnotherDevice(productID: String) throws {
    let device = world.device
    do {
      if world.device(named: "other") == nil { try world.addDevice(named: "other") }
      try world.useDevice(named: "other")
      defer { try? world.useDevice(named: device.name) }
      try step { _ = try world.device.queue.add(Payment(productId: productID)) }
    } catch {
      throw TestStoreError("\(error)")
    }
    forwardUpdates()
  }

  /// Makes an In-App Purchase key the App Store checks offer signatures with, and the signer your
  /// server would sign with. Signature times are then checked against the virtual clock, and the
  /// signer signs at the virtual time it was made.
  ///
  /// - Throws: ``TestStoreError`` when the id is taken.
  public func makeOfferKey(id: String) throws -> OfferSigner {
    let key = P256.Signing.PrivateKey()
    do {
      try world.offerKeys.register(keyId: id, publicKey: key.publicKey)
    } catch {
      throw TestStoreError("\(error)")
    }
    world.offerKeys.clock = .world
    return OfferSigner(
      keyID: id, bundleID: world.store.catalog.bundleId, key: key, now: world.store.clock.now)
  }

  /// The app quits and launches again: its listener gets the unfinished transactions once more.
  public func relaunchApp() {
    forwarded = 0  // the relaunched app's listener starts a new list
    step { world.device.relaunch() }
  }

  // MARK: What StoreKit answers

  func account() throws -> Account {
    guard let account = world.device.queue.account else { throw TestStoreError("no account is signed in") }
    return account
  }

  func record(transactionId: String) -> PurchaseRecord? {
    guard let account = world.device.queue.account, let number = UInt64(transactionId),
      let index = account.index(ofTransaction: number)
    else { return nil }
    return account.history[index]
  }

  /// A transaction, signed and checked as StoreKit checks it.
  func verified(_ record: PurchaseRecord) -> VerificationResult<Transaction> {
    let transaction = Transaction(record, in: world)
    do {
      let signed = try world.storeKit2Transaction(record, on: world.device)
      switch signed.verification {
      case .verified: return .verified(transaction, jws: signed.jws)
      case .unverified(let error):
        return .unverified(
          transaction, VerificationResult<Transaction>.VerificationError(error), jws: signed.jws)
      }
    } catch {
      return .unverified(transaction, .invalidCertificateChain, jws: "")
    }
  }

  func products(for ids: [String]) -> [Product] {
    ids.compactMap { Product(productID: $0, store: world.store) }
  }

  func purchase(_ request: PurchaseRequest) throws -> Product.PurchaseResult {
    let app = world.device.storeKit2
    let before = app.results.count
    do {
      try step {
        _ = try app.purchase(
          request.productID, quantity: request.quantity,
          appAccountToken: request.appAccountToken?.uuidString.lowercased(), offerId: request.offerID,
          offerProof: request.proof, winBackOfferId: request.winBackOfferID)
      }
    } catch {
      throw Product.PurchaseError.purchaseNotAllowed
    }
    guard app.results.count > before, let result = app.results.last else {
      throw Product.PurchaseError.productUnavailable
    }
    switch result {
    case .success(_, let transactionId, _):
      guard let record = record(transactionId: transactionId) else {
        throw Product.PurchaseError.productUnavailable
      }
      return .success(verified(record))
    case .userCancelled: return .userCancelled
    case .pending: return .pending
    case .failed(let error): throw Product.PurchaseError(storeKit2Name: error)
    }
  }

  func finish(transactionID: UInt64) {
    guard
      let transaction = world.device.queue.transactions.first(where: {
        $0.record?.transactionNumber == transactionID && !$0.isFinished
      })
    else { return }
    step { try? world.device.queue.finish(transaction) }
  }

  func entitlements(productID: String?) -> [VerificationResult<Transaction>] {
    guard let account = world.device.queue.account else { return [] }
    return CurrentEntitlements.of(account, at: now).filter { productID == nil || $0.productId == productID }
      .map(verified)
  }

  func allTransactions(productID: String?) -> [VerificationResult<Transaction>] {
    guard let account = world.device.queue.account else { return [] }
    return CurrentEntitlements.allTransactions(of: account, productId: productID).map(verified)
  }

  func unfinished() -> [VerificationResult<Transaction>] {
    world.device.queue.transactions.filter { $0.state == .purchased && !$0.isFinished }
      .compactMap { $0.record.flatMap { record(transactionId: $0.transactionId) } }.map(verified)
  }

  func statuses(group: String) throws -> [Product.SubscriptionInfo.Status] {
    let account = try account()
    guard let state = account.subscription(inGroup: group) else { return [] }
    let renewal = RenewalState(state.status(at: now))
    guard state.latestIndex < account.history.count else { return [] }
    return [
      Product.SubscriptionInfo.Status(
        state: Product.SubscriptionInfo.RenewalState(rawValue: renewal.rawValue) ?? .expired,
        transaction: verified(account.history[state.latestIndex]),
        renewalInfo: Product.SubscriptionInfo.RenewalInfo(
          SignedPayloadFactory(world: world).renewalInfo(state)))
    ]
  }

  func appTransaction() throws -> AppTransaction {
    AppTransaction(SignedPayloadFactory(world: world).appTransaction(for: world.device))
  }
}
