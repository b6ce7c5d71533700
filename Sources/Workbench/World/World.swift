import Catalog
import Observer
import Queue
import Store

/// Everything a session simulates: Apple's store and the device the app runs on.
public final class World {
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
  }

  /// Lets the app's run loop turn: queued callbacks are delivered until none remain.
  public func settle() {
    device.queue.deliverNotifications()
  }
}
