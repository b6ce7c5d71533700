import Catalog
import Store

/// An account in a saved world: its full purchase history with the versions updates replaced,
/// finished consumables, the order of changes, and its subscriptions.
struct AccountSnapshot: Codable, Hashable {
  var name: String
  var revision: Int
  var history: [PurchaseRecordSnapshot]
  var earlierVersions: [EarlierVersionSnapshot]
  var finishedConsumables: [FinishedConsumableSnapshot]
  var modifications: [Int]
  var revocations: [Int]
  var introductoryOfferGroups: [String]
  var subscriptions: [SubscriptionSnapshot]
  /// The app download transaction (`appTransactionId`); absent in worlds saved before storebench
  /// kept one, which then get one as they load (see `Store.restore`).
  var appTransactionId: String?

  init(_ account: Account) {
    name = account.name
    appTransactionId = account.appTransactionId
    revision = account.revision
    history = account.history.map(PurchaseRecordSnapshot.init)
    earlierVersions = account.earlierVersionList.map(EarlierVersionSnapshot.init)
    finishedConsumables = account.finishedConsumableRevisions.sorted { $0.key < $1.key }.map {
      FinishedConsumableSnapshot(transactionId: String($0.key), revision: $0.value)
    }
    modifications = account.modifications
    revocations = account.revocations
    introductoryOfferGroups = account.introductoryOfferGroups.sorted()
    subscriptions = account.subscriptions.keys.sorted().compactMap { account.subscriptions[$0] }.map(
      SubscriptionSnapshot.init)
  }

  func account(at path: String, catalog: Catalog) throws(WorldFileError) -> Account {
    var records: [PurchaseRecord] = []
    for (index, entry) in history.enumerated() {
      records.append(try entry.record(at: "\(path).history[\(index)]", catalog: catalog))
    }
    var versions: [Account.EarlierVersion] = []
    for (index, entry) in earlierVersions.enumerated() {
      versions.append(try entry.version(at: "\(path).earlierVersions[\(index)]", catalog: catalog))
    }
    var finished: [UInt64: Int] = [:]
    for (index, entry) in finishedConsumables.enumerated() {
      let number = try SnapshotPath.number(entry.transactionId, at: "\(path).finishedConsumables[\(index)]")
      finished[number] = entry.revision
    }
    let appTransaction = try SnapshotPath.number(optional: appTransactionId, at: "\(path).appTransactionId")
    let account: Account
    do {
      account = try Account(
        restoring: name, history: records, revision: revision, earlierVersions: versions,
        finishedConsumables: finished, modifications: modifications, revocations: revocations,
        introductoryOfferGroups: Set(introductoryOfferGroups), appTransactionNumber: appTransaction)
    } catch {
      throw WorldFileError(path: path, reason: error.description)
    }
    for (index, entry) in subscriptions.enumerated() {
      account.restore(
        subscription: try entry.state(
          accountName: name, historyCount: records.count, catalog: catalog,
          at: "\(path).subscriptions[\(index)]"))
    }
    return account
  }
}
