import Catalog
import Foundation
import Queue
import Store
import Verifier

extension World {
  /// Builds a world from a saved one: a new world over the saved catalog with the saved identity,
  /// given the saved records, devices, queues, observers, server state and notifications. Nothing
  /// is heard: the observers heard it all before the world was saved.
  ///
  /// - Parameters:
  ///   - saved: the file's contents.
  ///   - log: where the new world's events go.
  ///   - authorityDirectory: the certificate authority the new world signs with.
  /// - Throws: ``WorldFileError`` naming the JSON path of the first inconsistency.
  public convenience init(
    restoring saved: SavedWorld, log: EventLog, authorityDirectory: URL
  ) throws(WorldFileError) {
    let snapshot = saved.snapshot
    self.init(
      catalog: saved.catalog, log: log, authorityDirectory: authorityDirectory,
      identity: try snapshot.identity?.identity(at: "identity") ?? .scripted)
    environment = try SnapshotPath.parse(
      snapshot.environment, as: Verifier.Environment.self, at: "environment")
    appAppleId = snapshot.appAppleId
    sharedSecret = snapshot.sharedSecret
    importedOriginalApplicationVersion = snapshot.originalApplication?.version
    importedOriginalPurchaseDate = snapshot.originalApplication?.purchaseDate.map(SnapshotPath.date)
    try snapshot.store.applySettings(to: store, at: "store")
    var accounts: [Account] = []
    for (index, account) in snapshot.accounts.enumerated() {
      accounts.append(try account.account(at: "accounts[\(index)]", catalog: saved.catalog))
    }
    try snapshot.store.restoreRecords(of: store, accounts: accounts, at: "store")
    try restoreTransactions(snapshot.transactions, catalog: saved.catalog)
    try restoreDevices(snapshot)
    serverAPI = try snapshot.serverAPI.state(at: "serverAPI")
    try snapshot.notifications.restore(into: notifications, at: "notifications")
    var keys = APIKeyRegistry()
    for (index, key) in (snapshot.apiKeys ?? []).enumerated() {
      try key.register(in: &keys, at: "apiKeys[\(index)]")
    }
    apiKeys = keys
    offerKeys = try snapshot.offerKeys?.ring(at: "offerKeys") ?? OfferKeyRing()
    try snapshot.retention?.restore(into: retention, at: "retention")
    externalPurchases =
      try snapshot.externalPurchase?.purchases(at: "externalPurchase") ?? ExternalPurchases()
  }

  private func restoreTransactions(_ saved: [TransactionSnapshot], catalog: Catalog) throws(WorldFileError) {
    var transactions: [PaymentTransaction] = []
    for (index, entry) in saved.enumerated() {
      transactions.append(try entry.transaction(at: "transactions[\(index)]", catalog: catalog))
    }
    do {
      try registry.restore(transactions)
    } catch {
      throw WorldFileError(path: "transactions", reason: error.description)
    }
    for (index, entry) in saved.enumerated() {
      guard let handle = entry.resolution else { continue }
      guard let completion = registry.transaction(handle: handle) else {
        if registry.wasForgotten(handle: handle) { continue }  // a finished completion, long ago
        throw WorldFileError(path: "transactions[\(index)].resolution", reason: "no transaction #\(handle)")
      }
      transactions[index].restoreResolution(completion)
    }
  }

  private func restoreDevices(_ snapshot: WorldSnapshot) throws(WorldFileError) {
    var restored: [Device] = []
    var names: [String: Device] = [:]
    for (index, entry) in snapshot.devices.enumerated() {
      guard names[entry.name] == nil else {
        throw WorldFileError(
          path: "devices[\(index)].name", reason: "a device named \(entry.name) appears twice")
      }
      let device = try entry.device(store: store, registry: registry, at: "devices[\(index)]")
      restored.append(device)
      names[entry.name] = device
    }
    guard let current = names[snapshot.currentDevice] else {
      throw WorldFileError(path: "currentDevice", reason: "no device named \(snapshot.currentDevice)")
    }
    for (index, transaction) in registry.all.enumerated() where names[transaction.device] == nil {
      throw WorldFileError(
        path: "transactions[\(index)].device", reason: "no device named \(transaction.device)")
    }
    replaceDevices(with: restored)
    device = current
  }
}
