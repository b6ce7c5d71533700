import Catalog
import Foundation
import Observer
import Queue
import Store
import Verifier

/// Everything storebench simulates: Apple's store, the accounts, the devices the app runs on, and
/// what Apple signs for them. The command language and the server both act on a world.
public final class World: StoreListener {
  /// Apple's side.
  public let store: Store
  /// What tells this world's identifiers from another's: the seed its first transaction id and its
  /// `notificationUUID`s derive from, kept when the world is saved and loaded; another seed can be
  /// given until the world gives out an identifier (``reseed(_:)``).
  public internal(set) var identity: WorldIdentity
  /// Every transaction of the world, for lookups by handle and identifier.
  public let registry = TransactionRegistry()
  /// The devices, in the order they were added.
  public private(set) var devices: [Device] = []
  /// The devices by name, so that adding or finding one costs the same however many there are.
  private var devicesByName: [String: Device] = [:]
  /// The positions (in ``devices``) of the devices whose queues have something to settle.
  private var unsettled = Set<Int>()
  /// The device commands act on.
  public internal(set) var device: Device
  /// Whether receipts and signed transactions say Sandbox (`ProductionSandbox`) or Production.
  public var environment = Verifier.Environment.sandbox
  /// The certificate authority and what the world keeps of it (see ``AuthorityKeeper``).
  let authorityKeeper: AuthorityKeeper
  /// Where the local certificate authority lives (see ``AuthorityLocator``): the configured
  /// directory, or once ``rotateAuthority()`` has given this world an authority of its own, that one's.
  public var authorityDirectory: URL { authorityKeeper.directory }
  /// The certificate authority's directory the world was created with.
  public var configuredAuthorityDirectory: URL { authorityKeeper.configuredDirectory }
  /// Whether ``rotateAuthority()`` leaves the configured authority alone and gives this world a new
  /// authority of its own instead, in a temporary directory (how a suite keeps one script's
  /// `ca rotate` from reaching the others). ``removePrivateAuthority()`` deletes it.
  public var rotatesPrivately: Bool {
    get { authorityKeeper.rotatesPrivately }
    set { authorityKeeper.rotatesPrivately = newValue }
  }
  /// The app's Apple ID (`appAppleId`) in server answers and notifications; Apple's verifiers
  /// compare it in production.
  public var appAppleId: Int64 = 1_234_567_890
  /// `appAppleId` as Apple writes it into app transactions, receipts (`app_item_id`) and
  /// notifications: ``appAppleId`` in production, `nil` in the sandbox, where Apple leaves it out
  /// (receipts say 0). The App Store Server API's answers carry ``appAppleId`` in both.
  public var appAppleIdInEnvironment: Int64? { environment == .production ? appAppleId : nil }
  /// The app version the customer first got, as an imported receipt gave it; otherwise
  /// ``originalApplicationVersion`` follows the environment.
  public var importedOriginalApplicationVersion: String?
  /// When the customer first got the app, as an imported receipt gave it.
  public var importedOriginalPurchaseDate: Date?
  /// The app's shared secret (`shared-secret`), checked by verifyReceipt for subscription receipts.
  public var sharedSecret: String?
  /// How notifications reach the app's server (set by the server module); without one, delivery
  /// attempts are recorded as failed with `OTHER`.
  public var notificationTransport: (any NotificationTransport)?
  /// Where each change and what it led to is written down before it is answered, for a world
  /// kept on disk (`--state FILE`), by ``step(_:refused:_:)``; `nil` keeps changes in memory only.
  public var changeJournal: (any ChangeJournal)?
  /// Whether the world is being rebuilt from its journal: what reaches out in real time (a
  /// performance test) is not started again, and what was allowed the first time is allowed.
  public var isReplayingChanges = false
  /// Where Ctrl-C stopped the clock during the step under way, for its journal.
  var clockStop: Date?
  /// What the App Store Server API keeps: fault switches, consumption information, app account
  /// tokens, renewal-date extension requests.
  public var serverAPI = ServerAPIState()
  /// App Store Server Notifications: the URLs, what was sent, and the attempts due.
  public let notifications = ServerNotifications()
  /// The Retention Messaging API's images, messages, defaults, realtime URLs and tests.
  public let retention = RetentionMessaging()
  /// External purchase tokens, their reports and the notifications owed about them.
  public internal(set) var externalPurchases = ExternalPurchases()
  /// The App Store Connect API keys whose tokens the App Store Server API accepts.
  public var apiKeys = APIKeyRegistry()
  /// The developer's In-App Purchase keys offer signatures are checked with, and the nonces used.
  public var offerKeys = OfferKeyRing()
  /// Receipts verifyReceipt has verified, so that the same receipt posted again is not verified
  /// again (see ``VerifiedReceiptCache``).
  public let verifiedReceipts = VerifiedReceiptCache()
  /// Tokens the App Store Server API has signed, so that the same payload asked for again is not
  /// signed again (see ``SignedPayloadCache``).
  public let signedPayloads = SignedPayloadCache()
  /// verifyReceipt answers given since the world last changed (see ``noteChange()``).
  public let verifyReceiptAnswers = VerifyReceiptAnswerCache()
  /// Watches long work: asked whether to stop between events, told of progress.
  public weak var monitor: (any WorkMonitor)?

  /// The world's event stream: everything the store, the queues and the apps do.
  public var log: EventLog { store.log }

  /// Creates a world over a catalog with one device, `iPhone`, signed in to the account `default`,
  /// the app launched with one correct observer named `app`.
  ///
  /// - Parameters:
  ///   - catalog: the products on sale.
  ///   - log: where events go.
  ///   - authorityDirectory: the certificate authority's directory.
  ///   - identity: the seed of the world's identifiers; the scripted one unless told.
  public init(
    catalog: Catalog, log: EventLog, authorityDirectory: URL = AuthorityLocator.directory(option: nil),
    identity: WorldIdentity = .scripted
  ) {
    self.identity = identity
    store = Store(
      catalog: catalog, log: log, firstTransactionNumber: identity.firstTransactionNumber,
      firstWebOrderLineItemNumber: identity.firstWebOrderLineItemNumber,
      firstAppTransactionNumber: identity.firstAppTransactionNumber)
    store.offerCodes.seed = identity.seed
    authorityKeeper = AuthorityKeeper(configuredDirectory: authorityDirectory)
    device = Device(
      name: "iPhone", store: store, account: store.account(named: "default")!, registry: registry)
    devices = [device]
    devicesByName = [device.name: device]
    store.listener = self
    device.connect(to: self, position: 0)
  }

  // MARK: Devices

  /// Adds a device signed in to the current account, with the app installed and launched.
  ///
  /// - Throws: ``SimulationError`` when the name is taken or not a plain word.
  public func addDevice(named name: String) throws(SimulationError) {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
      throw SimulationError(.invalidValue, "\"\(name)\" is not a device name (letters, digits, - _ .)")
    }
    guard devicesByName[name] == nil else {
      throw SimulationError(.conflict, "a device named \(name) exists already")
    }
    let added = Device(name: name, store: store, account: device.queue.account, registry: registry)
    added.connect(to: self, position: devices.count)
    // With two devices or more, every log line names its device.
    if devices.count == 1 { devices[0].queue.namesDeviceInLog = true }
    added.queue.namesDeviceInLog = true
    devices.append(added)
    devicesByName[name] = added
  }

  /// The device of this name, if there is one.
  public func device(named name: String) -> Device? { devicesByName[name] }

  /// Replaces the devices (a saved world's), connecting each to this world.
  func replaceDevices(with restored: [Device]) {
    devices = restored
    devicesByName = Dictionary(restored.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for (position, device) in restored.enumerated() { device.connect(to: self, position: position) }
  }

  /// Makes another device the current one.
  ///
  /// - Throws: ``SimulationError`` naming the devices there are.
  public func useDevice(named name: String) throws(SimulationError) {
    guard let found = devicesByName[name] else {
      throw SimulationError(
        .notFound, "no device named \(name) (devices: \(devices.map(\.name).joined(separator: ", ")))")
    }
    device = found
  }

  /// Deletes an account: Apple forgets its purchases, and every device signed in to it is signed
  /// out (payments are refused there until it signs in to another).
  ///
  /// - Returns: the devices signed out.
  /// - Throws: ``SimulationError`` when there is no account of that name.
  @discardableResult
  public func deleteAccount(named name: String) throws(SimulationError) -> [Device] {
    let signedIn = store.account(named: name).map(devices(of:)) ?? []
    do {
      try store.deleteAccount(named: name)
    } catch {
      throw SimulationError(.notFound, error.description)
    }
    for device in signedIn { device.queue.signOut() }
    return signedIn
  }

  /// The devices signed in to an account.
  public func devices(of account: Account) -> [Device] {
    devices.filter { $0.queue.account === account }
  }

  /// Lets the app's run loop turn on every device: queued callbacks are delivered until none
  /// remain, and each device keeps the last receipt Apple wrote it meanwhile. Then every server
  /// notification attempt due by now is made.
  public func settle() {
    // In the devices' order, one pass: a device that has something to settle again after its turn
    // waits for the next settle, as it would in a pass over every device.
    var cursor = 0
    while let position = unsettled.lazy.filter({ $0 >= cursor }).min() {
      unsettled.remove(position)
      cursor = position + 1
      let device = devices[position]
      device.queue.deliverNotifications()
      if let written = device.queue.takeWrittenReceipt() {
        device.keepReceipt(of: written.account, at: written.stamp, environment: environment)
      }
    }
    deliverNotifications(notAfter: store.clock.now)
  }

  /// Says that a device's queue has something to settle.
  func noteUnsettled(_ position: Int) {
    unsettled.insert(position)
  }

  /// Says that the world may have changed (``step(changing:_:)`` does, after a command or a request
  /// that changes things): answers kept for a world standing still are dropped.
  public func noteChange() {
    verifyReceiptAnswers.removeAll()
    changeCount &+= 1
  }

  /// How many changing steps the world has taken in this process: what a connected app's long
  /// poll waits to see move.
  public private(set) var changeCount = 0

  // MARK: Time

  /// Moves the clock forward, letting the apps hear each renewal and each finished download at
  /// the instant it happens, and the progress of downloads still running at the end.
  ///
  /// The ``monitor`` may stop it between two instants: the clock then stands at the last event
  /// fully processed, every event due at that instant has run, and every app has heard
  /// everything up to it, so that moving the clock to that instant from the start
  /// (``moveClock(to:)``) gives the same world.
  ///
  /// - Throws: ``StoreError`` when the clock would pass ``VirtualClock/latest``; nothing happens.
  @discardableResult
  public func advanceClock(by span: TimeSpan) throws(StoreError) -> ClockAdvance {
    advanceClock(to: try store.instant(after: span))
  }

  /// Moves the clock to an instant, as `clock set` does: forward, it runs what falls due on the
  /// way, as ``advanceClock(by:)`` does; backward, it is allowed only while nothing has been bought.
  ///
  /// - Throws: ``StoreError`` when the instant is outside the clock's range, or before now after
  ///   purchases were made; nothing happens.
  @discardableResult
  public func moveClock(to date: Date) throws(StoreError) -> ClockAdvance {
    // With nothing due on the way, the clock just shows the new time, as an import sets it.
    guard date > store.clock.now, nextDue(notAfter: date) != nil else {
      try store.setClock(to: date)
      return .completed
    }
    try store.checkClockRange(date)
    return advanceClock(to: date)
  }

  /// Runs every event due up to `target` in order, then stands the clock at `target`; with `target`
  /// now, it runs what a change made due at once or in the past (a backdated purchase's renewals).
  @discardableResult
  func advanceClock(to target: Date) -> ClockAdvance {
    settle()
    let start = store.clock.now
    defer { monitor?.finished() }
    var events = 0
    var stopping = false
    while let due = nextDue(notAfter: target) {
      if !stopping, events & 0x3ff == 0x3ff, let monitor {
        stopping = monitor.isStopRequested
        let done = target > start ? due.timeIntervalSince(start) / target.timeIntervalSince(start) : 1
        if !stopping { monitor.progress(done, Timestamp.iso8601(due), events: events) }
      }
      // A stop waits for the events of the instant in progress, so that the clock's time says
      // exactly what has happened.
      if stopping && due > store.clock.now { return stopped(afterEvents: events) }
      runEvent(due: due)
      settle()
      events += 1
    }
    store.moveClock(forwardTo: target)
    bringDownloadsUpToDate()
    return .completed
  }

  /// Ends a stopped advance as a completed one ends, at the instant reached.
  private func stopped(afterEvents events: Int) -> ClockAdvance {
    bringDownloadsUpToDate()
    clockStop = store.clock.now
    return .interrupted(at: store.clock.now, eventsProcessed: events)
  }

  /// Brings every device's download progress to the clock's time, and lets the apps hear it.
  private func bringDownloadsUpToDate() {
    for device in devices { device.queue.updateDownloads() }
    settle()
  }

  /// When the next renewal, billing event, finished download, notification retry or external
  /// purchase notification falls, if at or before `target`.
  private func nextDue(notAfter target: Date) -> Date? {
    let download = devices.compactMap(\.queue.downloads.nextCompletion).min()
    let due = [download, store.nextEventDue, notifications.nextAttemptDue, externalPurchases.nextDue]
      .compactMap { $0 }.min()
    return due.flatMap { $0 <= target ? $0 : nil }
  }

  /// Runs what falls due at `due`: downloads that finish first, then the store's next event, then
  /// notification attempts (an attempt due with a store event comes after it, when the world settles).
  private func runEvent(due: Date) {
    let storeDue = store.nextEventDue ?? .distantFuture
    if let device = devices.first(where: { $0.queue.downloads.nextCompletion == due }), due <= storeDue {
      store.moveClock(forwardTo: due)
      device.queue.updateDownloads()
    } else if due < storeDue, notifications.nextAttemptDue == due {
      store.moveClock(forwardTo: due)
      deliverNotifications(notAfter: due)
    } else if due < storeDue, externalPurchases.nextDue == due {
      runExternalPurchaseEvents(notAfter: due)
    } else {
      store.runNextEvent(notAfter: due)
    }
  }

  /// The storefront changes; every device's observers hear it.
  public func changeStorefront(to id: String) throws(StoreError) {
    try store.setStorefront(id)
    for device in devices { device.queue.storefrontDidChange() }
  }

  // MARK: What the store tells the devices

  /// New transactions made outside the app reach the queue of every device signed in to the account.
  public func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account) {
    for device in devices(of: account) { device.queue.receive(record) }
  }

  /// Revocations reach the observers of every device signed in to the account.
  public func store(_ store: Store, didRevoke productIds: [String], for account: Account) {
    for device in devices(of: account) {
      device.queue.revokeEntitlements(for: productIds)
      device.storeKit2.revoked(productIds, of: account)
    }
  }

  /// A refunded consumable reaches the StoreKit 2 apps of every device signed in to the account.
  public func store(_ store: Store, didRefundConsumable record: PurchaseRecord, for account: Account) {
    for device in devices(of: account) { device.storeKit2.revoked(record) }
  }

  /// A subscription that stopped entitling is found by the app's entitlement check on every device
  /// of the account.
  public func store(
    _ store: Store, didEndAccessTo productId: String, for account: Account, because reason: AccessEnd
  ) {
    for device in devices(of: account) { device.accessEnded(to: productId, because: reason) }
  }
}
