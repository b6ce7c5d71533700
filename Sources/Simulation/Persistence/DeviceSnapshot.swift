import Catalog
import Observer
import Queue
import Store
import Verifier

/// A device of a saved world: the account signed in (none once it was deleted), its queue (unfinished transactions,
/// observers, downloads, switches), the app's storage, and the receipt it holds.
struct DeviceSnapshot: Codable, Hashable {
  var name: String
  var account: String?
  var canMakePayments: Bool
  var pendingCancellations: Int
  var namesDeviceInLog: Bool
  var unfinishedTransactions: [Int]
  var observers: [ObserverSnapshot]
  var storage: StorageSnapshot
  var receipt: ReceiptStampSnapshot?
  var receiptCount: Int
  var bandwidth: Double
  var downloadsUpdatedAt: Double?
  var downloads: [DownloadSnapshot]
  /// The app's StoreKit 2 side, when it has been used.
  var storeKit2: StoreKit2Snapshot?

  /// Takes a settled device.
  ///
  /// - Throws: ``WorldFileError`` when callbacks still wait, an observer is not a stand-in, or the
  ///   device is signed in to a deleted account (``World/deleteAccount(named:)`` signs it out).
  init(_ device: Device, transactions: [PaymentTransaction], at path: String) throws(WorldFileError) {
    let queue = device.queue
    guard queue.isSettled else {
      throw WorldFileError(path: path, reason: "callbacks are waiting to be delivered: save between commands")
    }
    if let account = queue.account, queue.store.account(named: account.name) !== account {
      throw WorldFileError(
        path: path,
        reason: "\(device.name) holds deleted account \(account.name), which a saved world cannot keep")
    }
    name = device.name
    account = queue.account?.name
    canMakePayments = queue.canMakePayments
    pendingCancellations = queue.pendingCancellations
    namesDeviceInLog = queue.namesDeviceInLog
    unfinishedTransactions = queue.transactions.map(\.handle)
    var observers: [ObserverSnapshot] = []
    for observer in queue.observers {
      guard let observer = observer as? AppObserver else {
        throw WorldFileError(
          path: path, reason: "observer \(observer.name) is not a stand-in and cannot be saved")
      }
      observers.append(
        ObserverSnapshot(
          observer, transactions: transactions, heard: queue.callbacks(heardBy: observer.name) ?? [:]))
    }
    self.observers = observers
    storage = StorageSnapshot(device.storage)
    receipt = device.receipt.map {
      let isDeleted = queue.store.account(named: $0.account.name) !== $0.account
      return ReceiptStampSnapshot(
        account: $0.account.name, deletedAccount: isDeleted ? AccountSnapshot($0.account) : nil,
        count: $0.stamp.count, revision: $0.stamp.revision,
        date: $0.stamp.date.secondsSince1970, generation: $0.generation, environment: $0.environment.rawValue)
    }
    receiptCount = device.receiptCount
    bandwidth = queue.downloads.bandwidth
    downloadsUpdatedAt = queue.downloads.progressDate?.secondsSince1970
    downloads = queue.downloads.savedDownloads.map(DownloadSnapshot.init)
    storeKit2 = StoreKit2Snapshot.isUnused(device) ? nil : StoreKit2Snapshot(device)
  }

  /// Builds the device in a world whose store already holds the saved accounts.
  func device(
    store: Store, registry: TransactionRegistry, at path: String
  ) throws(WorldFileError) -> Device {
    var signedIn: Account?
    if let account {
      signedIn = store.account(named: account)
      guard signedIn != nil else {
        throw WorldFileError(path: path + ".account", reason: "no account named \(account)")
      }
    }
    let device = Device(name: name, store: store, account: signedIn, registry: registry)
    let queue = device.queue
    queue.canMakePayments = canMakePayments
    queue.pendingCancellations = pendingCancellations
    queue.namesDeviceInLog = namesDeviceInLog
    device.storage = storage.storage
    device.receiptCount = receiptCount
    device.receipt = try receipt.map { (stamp) throws(WorldFileError) in
      try receiptSnapshot(stamp, store: store, at: path)
    }
    try restoreQueue(of: device, registry: registry, at: path)
    try storeKit2?.restore(into: device, at: path + ".storeKit2")
    return device
  }

  private func restoreQueue(
    of device: Device, registry: TransactionRegistry, at path: String
  ) throws(WorldFileError) {
    let lookup = { (handle: Int) in registry.transaction(handle: handle) }
    var unfinished: [PaymentTransaction] = []
    for (index, handle) in unfinishedTransactions.enumerated() {
      guard let transaction = lookup(handle), transaction.device == name, !transaction.isFinished else {
        throw WorldFileError(
          path: "\(path).unfinishedTransactions[\(index)]",
          reason: "#\(handle) is not an unfinished transaction of \(name)")
      }
      unfinished.append(transaction)
    }
    var restoredObservers: [any TransactionObserver] = []
    var heard: [[String: Int]] = []
    for (index, observer) in observers.enumerated() {
      let observerPath = "\(path).observers[\(index)]"
      restoredObservers.append(
        try observer.observer(storage: device.storage, transactions: lookup, at: observerPath))
      heard.append(try observer.heardCounts(at: observerPath))
    }
    device.queue.restore(transactions: unfinished, observers: restoredObservers, callbacksHeard: heard)
    device.queue.downloads.bandwidth = bandwidth
    var saved: [DownloadQueue.SavedDownload] = []
    for (index, download) in downloads.enumerated() {
      saved.append(try download.download(at: "\(path).downloads[\(index)]"))
    }
    do {
      try device.queue.downloads.restore(
        saved, transactions: lookup, progressDate: downloadsUpdatedAt.map(SnapshotPath.date))
    } catch {
      throw WorldFileError(path: path + ".downloads", reason: error.description)
    }
  }

  private func receiptSnapshot(
    _ stamp: ReceiptStampSnapshot, store: Store, at path: String
  ) throws(WorldFileError) -> ReceiptSnapshot {
    let held: Account?
    if let deleted = stamp.deletedAccount {
      held = try deleted.account(at: path + ".receipt.deletedAccount", catalog: store.catalog)
    } else {
      held = store.account(named: stamp.account)
    }
    guard let account = held, account.name == stamp.account,
      (0...account.history.count).contains(stamp.count),
      (0...account.revision).contains(stamp.revision)
    else {
      throw WorldFileError(
        path: path + ".receipt", reason: "the receipt's records do not fit account \(stamp.account)")
    }
    return ReceiptSnapshot(
      account: account,
      stamp: HistoryStamp(count: stamp.count, revision: stamp.revision, date: SnapshotPath.date(stamp.date)),
      generation: stamp.generation,
      environment: try SnapshotPath.parse(
        stamp.environment, as: Verifier.Environment.self, at: path + ".receipt.environment"))
  }
}
