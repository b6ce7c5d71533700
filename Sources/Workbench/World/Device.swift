import Observer
import Queue
import Store

/// A device with the app installed: its payment queue and the app's own storage.
public final class Device {
  /// The device's name, such as `iPhone`.
  public let name: String
  /// Its payment queue.
  public let queue: PaymentQueue
  /// What the app keeps on it.
  public let storage: AppStorage

  /// Creates a device signed in to `account`, with no observers.
  public init(name: String, store: Store, account: Account, registry: TransactionRegistry) {
    self.name = name
    self.queue = PaymentQueue(device: name, store: store, account: account, registry: registry)
    self.storage = AppStorage()
  }

  /// Registers a stand-in observer delivering into this device's storage.
  public func addObserver(named name: String, policy: ObserverPolicy) {
    queue.add(observer: AppObserver(name: name, policy: policy, storage: storage))
  }
}
