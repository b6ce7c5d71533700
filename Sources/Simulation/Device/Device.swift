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
  /// Which StoreKit API the app uses (`app sk1|sk2|both`).
  public internal(set) var api = AppStoreKitChoice.storeKit1
  /// The app's StoreKit 2 side: purchase results, the `Transaction.updates` listener.
  public private(set) lazy var storeKit2: StoreKit2App = {
    let app = StoreKit2App(device: self)
    queue.storeKit2 = app
    return app
  }()
  /// The 16 bytes of the app's `identifierForVendor` on this device, fixed for the device's name.
  public var identifier: [UInt8] { ReceiptBuilder.bytes(from: "identifierForVendor:\(name)", count: 16) }

  /// Creates a device signed in to `account` (or to none), with the app launched and its `app`
  /// observer added.
  public init(name: String, store: Store, account: Account?, registry: TransactionRegistry) {
    self.name = name
    self.queue = PaymentQueue(device: name, store: store, account: account, registry: registry)
    launchApp()
  }

  /// Connects the app's StoreKit 2 side to the world that signs its transactions, and the queue to
  /// the world that settles it (the device is the world's `position`th).
  func connect(to world: World, position: Int) {
    storeKit2.world = world
    queue.authorizer = world
    queue.needsSettling = { [weak world] in world?.noteUnsettled(position) }
    world.noteUnsettled(position)
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

  /// The app's entitlement check finds that a subscription no longer entitles.
  func accessEnded(to productId: String, because reason: AccessEnd) {
    for case let observer as AppObserver in queue.observers {
      observer.accessEnded(to: productId, because: reason, in: queue)
    }
    storeKit2.accessEnded(to: productId, because: reason)
  }

  /// Makes the app use another StoreKit API: it is rebuilt and launched again (observers and the
  /// listener start as the new app does; storage and unfinished transactions stay).
  public func useAPI(_ api: AppStoreKitChoice) {
    self.api = api
    queue.relaunch()
    launchApp()
  }

  /// The app process ends and starts again: StoreKit 1 observers are gone until added again (as
  /// before StoreKit 2); a StoreKit 2 app starts its listener when its policy says it listens from
  /// launch, and checks its entitlements.
  public func relaunch() {
    queue.relaunch()
    storeKit2.launch()
  }

  private func launchApp() {
    if api.usesStoreKit1 { addObserver(named: "app", policy: .correct) }
    storeKit2.launch()
  }
}
