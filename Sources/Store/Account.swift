import Foundation

/// An Apple Account and everything the App Store knows about its purchases.
public final class Account {
  /// The account's name in the workbench, such as `default`.
  public let name: String
  /// The app download transaction of this account (`appTransactionId`): Apple gives one per Apple
  /// Account that downloads the app (and one per family member), kept across re-downloads,
  /// refunds and storefront changes. The store gives it when it adds the account (see
  /// ``Store/addAccount(named:)``); 0 until then.
  public internal(set) var appTransactionNumber: UInt64 = 0
  /// Every charge, re-download and renewal, oldest first.
  public internal(set) var history: [PurchaseRecord] = []
  /// The account's auto-renewable subscriptions, one per subscription group.
  public internal(set) var subscriptions: [String: SubscriptionState] = [:]
  /// Groups in which the account has redeemed an introductory offer (one per group, ever).
  public internal(set) var introductoryOfferGroups: Set<String> = []
  /// Counts every change to the records: appends, updates and finished consumables.
  public internal(set) var revision = 0
  var indexByTransaction: [UInt64: Int] = [:]
  /// For each updated entry, its earlier versions and the revision each was replaced at, oldest first.
  var earlierVersions: [Int: [(replacedAt: Int, record: PurchaseRecord)]] = [:]
  /// The revision at which each finished consumable was finished.
  var finishedConsumables: [UInt64: Int] = [:]
  /// The entries shared from each purchaser's transaction (Family Sharing).
  var sharedIndices: [UInt64: [Int]] = [:]
  /// Where each non-consumable was bought (not re-downloaded), by product.
  var purchaseIndices: [String: [Int]] = [:]
  /// Every append and update, in the order they happened: the history index each one touched.
  /// Sorting by this order is sorting by the records' modification instants (the clock never goes
  /// back), which the App Store Server API's transaction history pages through.
  public internal(set) var modifications: [Int] = []
  /// For each history index, the position in ``modifications`` of its latest change.
  var latestModification: [Int] = []
  /// The history indices of records that became refunded or revoked (not upgraded), in the order
  /// that happened: what refund history lists (a reversed refund stays here; readers check).
  public internal(set) var revocations: [Int] = []
  /// Told the transaction number of every record appended (the store's index of who holds what).
  var didAppend: ((UInt64) -> Void)?

  /// Creates an account with no purchases.
  public init(name: String) {
    self.name = name
  }

  /// The app download transaction's id, such as `705000000000000001`: eighteen digits, as Apple's.
  public var appTransactionId: String { String(appTransactionNumber) }

  /// Adds an entry to the history and returns its index.
  @discardableResult
  func append(_ record: PurchaseRecord) -> Int {
    let index = history.count
    history.append(record)
    revision += 1
    indexRecord(at: index)
    latestModification.append(modifications.count)
    modifications.append(index)
    didAppend?(record.transactionNumber)
    return index
  }

  /// Adds the entry at an index to the lookups by transaction, purchaser's transaction and product.
  func indexRecord(at index: Int) {
    let record = history[index]
    indexByTransaction[record.transactionNumber] = index
    if let source = record.sharedFromTransactionNumber { sharedIndices[source, default: []].append(index) }
    if record.productType == .nonConsumable, record.reason == .purchase || record.reason == .familyShare {
      purchaseIndices[record.productId, default: []].append(index)
    }
  }

  /// Changes an entry of the history, keeping the version it replaces for receipts written before.
  func update(at index: Int, _ change: (inout PurchaseRecord) -> Void) {
    revision += 1
    earlierVersions[index, default: []].append((revision, history[index]))
    let wasRevoked = history[index].isCancelled && !history[index].isUpgraded
    change(&history[index])
    latestModification[index] = modifications.count
    modifications.append(index)
    if !wasRevoked, history[index].isCancelled, !history[index].isUpgraded { revocations.append(index) }
  }

  /// Whether a position of ``modifications`` is the latest change of the record it touched (a
  /// record changed since appears again further on).
  public func isLatestModification(at position: Int) -> Bool {
    latestModification[modifications[position]] == position
  }

  /// The app finished a consumable's transaction: receipts written from now on leave it out.
  ///
  /// - Returns: whether the transaction is a consumable of this account not finished before.
  @discardableResult
  public func noteFinished(transactionNumber number: UInt64) -> Bool {
    guard let index = indexByTransaction[number], history[index].productType == .consumable,
      finishedConsumables[number] == nil
    else { return false }
    revision += 1
    finishedConsumables[number] = revision
    return true
  }

  /// Whether the app had finished a consumable's transaction when the stamp was taken.
  public func isFinished(transactionNumber number: UInt64, asOf stamp: HistoryStamp? = nil) -> Bool {
    guard let finishedAt = finishedConsumables[number] else { return false }
    return finishedAt <= (stamp?.revision ?? revision)
  }

  /// The current moment of the records.
  public func stamp(at date: Date) -> HistoryStamp {
    HistoryStamp(count: history.count, revision: revision, date: date)
  }

  /// The entry at an index as it stood when the stamp was taken.
  public func record(at index: Int, asOf stamp: HistoryStamp) -> PurchaseRecord {
    let replaced = earlierVersions[index]?.first { $0.replacedAt > stamp.revision }
    return replaced?.record ?? history[index]
  }

  /// What an app receipt written at the stamp lists, in purchase order: every entry but free
  /// re-downloads, and consumables only while unfinished.
  public func receiptRecords(asOf stamp: HistoryStamp) -> [PurchaseRecord] {
    (0..<min(stamp.count, history.count)).compactMap { index in
      let record = self.record(at: index, asOf: stamp)
      guard record.reason != .redownload else { return nil }
      if record.productType == .consumable,
        isFinished(transactionNumber: record.transactionNumber, asOf: stamp)
      {
        return nil
      }
      return record
    }
  }

  /// The position of the entry with this transaction identifier.
  public func index(ofTransaction number: UInt64) -> Int? {
    indexByTransaction[number]
  }

  /// The first purchase of a non-consumable, if the account owns it (a refund ends ownership).
  public func ownedPurchase(of productId: String) -> PurchaseRecord? {
    purchaseIndices[productId]?.lazy.map { self.history[$0] }.first {
      $0.reason == .purchase && !$0.isCancelled
    }
  }

  /// What `restoreCompletedTransactions` brings back, in purchase order: the original purchase of
  /// every owned non-consumable, and every period of every auto-renewable subscription, leaving
  /// out what was refunded or replaced by an upgrade.
  public var restorablePurchases: [PurchaseRecord] {
    history.filter { record in
      guard !record.isCancelled else { return false }
      switch record.productType {
      case .nonConsumable: return record.reason == .purchase || record.reason == .familyShare
      case .autoRenewable: return record.reason != .redownload
      case .consumable, .nonRenewing: return false
      }
    }
  }

  /// The positions of records shared from a purchaser's transaction.
  func indices(sharedFrom number: UInt64) -> [Int] {
    sharedIndices[number] ?? []
  }

  /// The subscription of a group, if the account ever subscribed in it.
  public func subscription(inGroup group: String) -> SubscriptionState? {
    subscriptions[group]
  }
}
