import Catalog
import Foundation
import Observer
import Queue
import Store
import Verifier

/// Everything a session simulates: Apple's store, the accounts, and the devices the app runs on.
public final class World: StoreListener {
  /// Apple's side.
  public let store: Store
  /// Every transaction of the session, for lookups by handle.
  public let registry = TransactionRegistry()
  /// The devices, in the order they were added.
  public private(set) var devices: [Device] = []
  /// The device commands act on.
  public private(set) var device: Device
  /// Whether receipts and signed transactions say Sandbox (`ProductionSandbox`) or Production.
  public var environment = Verifier.Environment.sandbox

  /// Creates a world over a catalog with one device, `iPhone`, signed in to the account `default`,
  /// the app launched with one correct observer named `app`.
  public init(catalog: Catalog, log: EventLog) {
    store = Store(catalog: catalog, log: log)
    device = Device(
      name: "iPhone", store: store, account: store.account(named: "default")!, registry: registry)
    devices = [device]
    store.listener = self
  }

  /// Adds a device signed in to the current account, with the app installed and launched.
  ///
  /// - Throws: ``WorkbenchError`` when the name is taken or not a plain word.
  public func addDevice(named name: String) throws(WorkbenchError) {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
      throw WorkbenchError("\"\(name)\" is not a device name (letters, digits, - _ .)")
    }
    guard !devices.contains(where: { $0.name == name }) else {
      throw WorkbenchError("a device named \(name) exists already")
    }
    devices.append(Device(name: name, store: store, account: device.queue.account, registry: registry))
    for device in devices { device.queue.namesDeviceInLog = true }
  }

  /// Makes another device the current one.
  public func useDevice(named name: String) throws(WorkbenchError) {
    guard let found = devices.first(where: { $0.name == name }) else {
      throw WorkbenchError(
        "no device named \(name) (devices: \(devices.map(\.name).joined(separator: ", ")))")
    }
    device = found
  }

  /// Lets the app's run loop turn on every device: queued callbacks are delivered until none remain.
  public func settle() {
    for device in devices {
      device.queue.deliverNotifications()
      if device.queue.receiptIsStale { refreshReceipt(of: device) }
    }
  }

  /// Gives a device a new receipt made from Apple's records as they are now (`SKReceiptRefreshRequest`).
  public func refreshReceipt(of device: Device) {
    device.receiptGeneration += 1
    device.receipt = ReceiptBuilder(store: store, registry: registry, environment: environment)
      .receipt(for: device, generation: device.receiptGeneration)
    device.queue.receiptIsStale = false
  }

  /// Moves the clock forward, letting the apps hear each renewal and each finished download at
  /// the instant it happens, and the progress of downloads still running at the end.
  public func advanceClock(by span: TimeSpan) {
    settle()
    let target = VirtualClock.adding(span, to: store.clock.now)
    while true {
      let download = devices.compactMap { device in device.queue.nextDownloadCompletion.map { (device, $0) } }
        .min { $0.1 < $1.1 }
      if let (device, due) = download, due <= target, due <= (store.nextEventDue ?? .distantFuture) {
        store.moveClock(forwardTo: due)
        device.queue.updateDownloads()
      } else if !store.runNextEvent(notAfter: target) {
        break
      }
      settle()
    }
    store.moveClock(forwardTo: target)
    for device in devices { device.queue.updateDownloads() }
    settle()
  }

  /// The storefront changes; every device's observers hear it.
  public func changeStorefront(to id: String) throws(StoreError) {
    try store.setStorefront(id)
    for device in devices { device.queue.storefrontDidChange() }
  }

  /// New transactions made outside the app reach the queue of every device signed in to the account.
  public func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account) {
    for device in devices(of: account) { device.queue.receive(record) }
  }

  /// Revocations reach the observers of every device signed in to the account.
  public func store(_ store: Store, didRevoke productIds: [String], for account: Account) {
    for device in devices(of: account) { device.queue.revokeEntitlements(for: productIds) }
  }

  /// The devices signed in to an account.
  public func devices(of account: Account) -> [Device] {
    devices.filter { $0.queue.account === account }
  }
}
