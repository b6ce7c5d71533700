import Catalog
import Observer
import Queue
import Store

/// Everything a session simulates: Apple's store and the device the app runs on.
public final class World: StoreListener {
  /// Apple's side.
  public let store: Store
  /// Every transaction of the session, for lookups by handle.
  public let registry = TransactionRegistry()
  /// The device commands act on.
  public let device: Device

  /// Creates a world over a catalog. The app is launched with one correct observer named `app`.
  public init(catalog: Catalog, log: EventLog) {
    store = Store(catalog: catalog, log: log)
    device = Device(
      name: "iPhone", store: store, account: store.account(named: "default")!, registry: registry)
    device.addObserver(named: "app", policy: .correct)
    store.listener = self
  }

  /// Lets the app's run loop turn: queued callbacks are delivered until none remain.
  public func settle() {
    device.queue.deliverNotifications()
  }

  /// Moves the clock forward, letting the app hear each renewal at the instant it happens.
  public func advanceClock(by span: TimeSpan) {
    settle()
    store.advanceClock(by: span) { settle() }
  }

  /// Renewals reach the queue of every device signed in to the account.
  public func store(_ store: Store, didRenew record: PurchaseRecord, for account: Account) {
    for device in devices(of: account) { device.queue.receive(record) }
  }

  /// Revocations reach the observers of every device signed in to the account.
  public func store(_ store: Store, didRevoke productIds: [String], for account: Account) {
    for device in devices(of: account) { device.queue.revokeEntitlements(for: productIds) }
  }

  private func devices(of account: Account) -> [Device] {
    device.queue.account === account ? [device] : []
  }
}
