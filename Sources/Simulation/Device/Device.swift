import Observer
import Queue
import Store
import Verifier

/// A device with the app installed: its payment queue, the app's own storage, and the app receipt
/// Apple last wrote to it.
public final class Device {
  /// The device's name, such as `iPhone`.
  public let name: String
  /// Its payment queue.
  public let queue: PaymentQueue
  /// What the app keeps on it; deleting the app empties it.
  public internal(set) var storage = AppStorage()
  /// The app receipt on the device; none after a reinstall until a restore or a refresh.
  public internal(set) var receipt: ReceiptSnapshot?
  /// How many receipts the device has been given (the opaque value changes with each).
  var receiptCount = 0
  /// The signed bytes of ``receipt``, once something read them.
  var signedReceipt: [UInt8]?
  /// The 16 bytes of the app's `identifierForVendor` on this device, fixed for the device's name.
  public var identifier: [UInt8] { ReceiptBuilder.bytes(from: "identifierForVendor:\(name)", count: 16) }

  /// Creates a device signed in to `account` (or to none), with the app launched and its `app`
  /// observer added.
  public init(name: String, store: Store, account: Account?, registry: TransactionRegistry) {
    self.name = name
    self.queue = PaymentQueue(device: name, store: store, account: account, registry: registry)
    launchApp()
  }

  /// Registers a stand-in observer delivering into this device's storage.
  public func addObserver(named name: String, policy: ObserverPolicy) {
    queue.add(observer: AppObserver(name: name, policy: policy, storage: storage))
  }

  /// Deletes the app and installs it again: its storage and receipt are gone, the app launches
  /// afresh with its `app` observer, and StoreKit redelivers what is still unfinished.
  public func reinstall() {
    queue.deleteApp()
    storage = AppStorage()
    receipt = nil
    signedReceipt = nil
    launchApp()
  }

  /// Apple wrote the device a new receipt from the account's records at `stamp`.
  func keepReceipt(of account: Account, at stamp: HistoryStamp, environment: Verifier.Environment) {
    receiptCount += 1
    receipt = ReceiptSnapshot(
      account: account, stamp: stamp, generation: receiptCount, environment: environment)
    signedReceipt = nil
  }

  /// The app's entitlement check finds a subscription expired.
  func subscriptionExpired(_ productId: String) {
    for case let observer as AppObserver in queue.observers {
      observer.subscriptionExpired(productId, in: queue)
    }
  }

  private func launchApp() {
    addObserver(named: "app", policy: .correct)
  }
}
