import Catalog
import Foundation
import Queue
import Simulation
import Store

/// The world behind a ``TestStore``, and what the store remembers of what it told the app: used
/// only under the store's lock.
///
/// Every call first brings the world to the time (``catchUp()``); every change goes through
/// ``step(_:)``, the world's one step, after which what the app's listeners should hear is
/// published on the store's ``Channels``.
package final class Engine {
  package let world: World
  /// Where the app's listeners hear what changed; none for a device the server's device face
  /// answers for (its listener polls the world).
  let channels: Channels?
  /// The world's event log, as lines.
  let lines: EventLines
  /// How the world's time and the app's relate.
  let time: TestStore.Time
  /// With the wall clock: how far the world's clock runs ahead of it (what ``advance(by:)`` added).
  private(set) var offset: TimeInterval = 0
  /// The world's time when ``followWallClock()`` last set ``offset``.
  private var wallClockAnchor: Date?
  /// Known StoreKit oddities the test asked for.
  var quirks = TestStore.Quirks()
  /// Errors a test armed, by the call they fail, thrown exactly as given (the world decides
  /// whether a call fails; these say with what).
  var simulatedErrors: [FaultPlan.API: any Error] = [:]
  /// Transactions whose JWS a counted damage (`unverifiedNext`) broke, by transaction number: the
  /// app reads them unverified each time, as StoreKit keeps the JWS it got.
  var damaged: [UInt64: Simulation.VerificationError] = [:]
  /// When each value the app got was signed, with the rest of its payload: a value read again
  /// unchanged keeps its signing date, so that it is equal to itself, as on a device, which keeps
  /// the JWS it got.
  var signingDates: [String: (payload: AnyHashable, date: Date?)] = [:]
  /// Answers of `isEligibleForIntroOffer` kept, by group, when the quirk asks for it.
  var introOfferAnswers: [String: Bool] = [:]
  /// How many of the app's listener updates since launch were published.
  private var updatesPublished = 0
  /// The number of the last purchase intent published.
  private var lastIntentPublished = 0
  /// What each subscription's status looked like when last published, by group.
  private var statusMarks: [String: String] = [:]
  /// The storefront last published.
  private var storefrontPublished: String

  init(world: World, device: Device? = nil, channels: Channels?, time: TestStore.Time, lines: EventLines) {
    self.world = world
    self.device = device ?? world.device
    self.channels = channels
    self.lines = lines
    self.time = time
    storefrontPublished = world.store.storefront.id
  }

  /// A device's StoreKit 2 side in a world someone else owns (the server's device face): dates as
  /// the world has them, nothing published.
  package convenience init(world: World, device: Device) {
    self.init(
      world: world, device: device, channels: nil, time: .fixed(world.store.clock.now), lines: EventLines())
  }

  /// The device the app runs on (other devices of the account buy outside the app).
  package let device: Device

  /// The signed-in account.
  func account() throws(TestStoreError) -> Account {
    guard let account = device.queue.account else { throw TestStoreError("no account is signed in") }
    return account
  }

  // MARK: Time

  /// The app's now: the wall clock, or the world's own clock when the test fixed it.
  var appNow: Date {
    switch time {
    case .wallClock: Date()
    case .fixed: world.store.clock.now
    }
  }

  /// A world date as the app sees it: with the wall clock, moved back by what the test advanced,
  /// so that it compares with `Date()` as the world's date compares with the world's now.
  func appDate(_ date: Date) -> Date { date.addingTimeInterval(-offset) }

  /// An app date in the world's time.
  func worldDate(_ date: Date) -> Date { date.addingTimeInterval(offset) }

  /// With the wall clock, moves the world's clock to the wall clock's time (plus what the test
  /// advanced): renewals and expiries that fell due in real time happen now.
  func catchUp() {
    guard case .wallClock = time else { return }
    let target = Date().addingTimeInterval(offset)
    guard target > world.store.clock.now else { return }
    step { _ = try? world.moveClock(to: target) }
  }

  /// Moves the world's clock forward: what falls due happens on the way. With the wall clock,
  /// the app's dates move back by as much, so that `Date()` now stands where the world's clock does.
  func advance(by span: TimeSpan) throws(TestStoreError) {
    catchUp()
    try step { () throws(TestStoreError) in
      do {
        _ = try world.advanceClock(by: span)
      } catch {
        throw TestStoreError(error)
      }
    }
    if case .wallClock = time { offset = world.store.clock.now.timeIntervalSince(Date()) }
  }

  /// For a device of a served world, whose clock moves only when someone moves it: the app's
  /// dates stand where the wall clock does, moved back by how far the world's clock stands ahead of
  /// it, so that a subscription the app checks against `Date()` runs as it does in the world. The
  /// shift changes only when the world's clock moves, so a value read twice between two moves is
  /// the same.
  package func followWallClock() {
    let now = world.store.clock.now
    guard wallClockAnchor != now else { return }
    wallClockAnchor = now
    offset = now.timeIntervalSince(Date())
  }

  /// When the world's next event falls due, as the app's date.
  var nextEventDue: Date? { world.store.nextEventDue.map(appDate) }

  // MARK: Steps

  /// Runs one change of the world through its step, then publishes what the app's listeners
  /// should hear of it.
  func step<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let result: Result<T, E> = world.step(changing: true) {
      do throws(E) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    publish()
    return try result.get()
  }

  /// The app relaunched: its listener starts a new list of updates.
  func relaunched() {
    updatesPublished = 0
  }

  /// Publishes what changed since the last step: the listener's updates, purchase intents,
  /// subscription statuses and the storefront.
  private func publish() {
    guard let channels else { return }
    publishUpdates(to: channels)
    publishIntents(to: channels)
    publishStatuses(to: channels)
    publishStorefront(to: channels)
  }

  private func publishUpdates(to channels: Channels) {
    let app = device.storeKit2
    // `updatesPublished` counts every update since launch; the app keeps only the latest ones.
    let first = min(
      app.updates.count, max(0, app.updates.count - (app.updatesSinceLaunch - updatesPublished)))
    let fresh = app.updates[first...]
    updatesPublished = app.updatesSinceLaunch
    for update in fresh {
      guard let record = record(transactionID: update.transactionId) else { continue }
      channels.transactions.publish(transaction(record, as: update.verification))
    }
  }

  private func publishIntents(to channels: Channels) {
    for intent in device.storeKit2.intents where intent.number > lastIntentPublished {
      lastIntentPublished = intent.number
      guard let product = product(intent.productId) else { continue }
      let offer = intent.winBackOfferId.flatMap { id in
        product.subscription?.winBackOffers.first { $0.id == id }
      }
      channels.intents.publish(PurchaseIntent(product: product, offer: offer))
    }
  }

  private func publishStatuses(to channels: Channels) {
    guard let account = device.queue.account else { return }
    for (group, state) in account.subscriptions.sorted(by: { $0.key < $1.key }) {
      let mark = Self.mark(state, at: world.store.clock.now)
      guard statusMarks[group] != mark else { continue }
      statusMarks[group] = mark
      if let status = status(state, of: account) { channels.statuses.publish(status) }
    }
  }

  private func publishStorefront(to channels: Channels) {
    let current = world.store.storefront.id
    guard current != storefrontPublished else { return }
    storefrontPublished = current
    channels.storefronts.publish(storefront)
  }

  /// What a subscription's status shows: when it changes, `Status.updates` hears it.
  private static func mark(_ state: SubscriptionState, at now: Date) -> String {
    [
      RenewalState(state.status(at: now)).rawValue, String(state.latestIndex), String(state.isAutoRenewOn),
      state.autoRenewProductId, String(state.billingRetryStart != nil),
      state.gracePeriodExpiresDate.map { String($0.timeIntervalSince1970) } ?? "",
      "\(state.priceConsent)", state.expirationIntent.map { "\($0)" } ?? "",
    ].joined(separator: "|")
  }

  // MARK: Looking things up

  /// A transaction of the signed-in account's history.
  package func record(transactionID: String) -> PurchaseRecord? {
    guard let account = device.queue.account, let number = UInt64(transactionID) else { return nil }
    return record(number: number, in: account)
  }

  /// A transaction of an account's history.
  func record(number: UInt64, in account: Account) -> PurchaseRecord? {
    account.index(ofTransaction: number).map { account.history[$0] }
  }

  /// The catalog's name of a subscription group, from its identifier.
  func groupName(identifier: String) -> String? {
    world.store.catalog.group(withIdentifier: identifier)
  }
}
