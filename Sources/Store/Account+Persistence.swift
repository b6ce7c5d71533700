import Foundation

extension Account {
  /// A history entry as it stood before an update, kept for receipts written before it.
  public struct EarlierVersion: Hashable, Sendable {
    /// The history index of the entry.
    public var index: Int
    /// The account's revision at which this version was replaced.
    public var replacedAt: Int
    /// The entry as it was.
    public var record: PurchaseRecord

    /// Creates an earlier version.
    public init(index: Int, replacedAt: Int, record: PurchaseRecord) {
      self.index = index
      self.replacedAt = replacedAt
      self.record = record
    }
  }

  /// Every earlier version of every updated entry, by index, then oldest first.
  public var earlierVersionList: [EarlierVersion] {
    earlierVersions.keys.sorted().flatMap { index in
      (earlierVersions[index] ?? []).map {
        EarlierVersion(index: index, replacedAt: $0.replacedAt, record: $0.record)
      }
    }
  }

  /// The revision at which each finished consumable was finished, by transaction number.
  public var finishedConsumableRevisions: [UInt64: Int] { finishedConsumables }

  /// Rebuilds an account from what a saved world keeps, with its lookups.
  ///
  /// - Parameters:
  ///   - name: the account's name.
  ///   - history: every entry, oldest first.
  ///   - revision: the account's revision.
  ///   - earlierVersions: the versions updates replaced.
  ///   - finishedConsumables: the revision each finished consumable was finished at.
  ///   - modifications: the history index each append and update touched, in order.
  ///   - revocations: the history indices of refunded or revoked entries, in order.
  ///   - introductoryOfferGroups: the groups whose introductory offer the account redeemed.
  ///   - appTransactionNumber: the app download transaction, or `nil` for a world saved before
  ///     storebench kept one (``Store/restore(accounts:family:priceOverrides:refundRequests:nextTransactionNumber:nextWebOrderLineItemNumber:nextAppTransactionNumber:events:)``
  ///     gives it one).
  /// - Throws: ``StoreError`` naming the first inconsistency (a repeated transaction, an index
  ///   outside the history, a revision beyond the account's).
  public convenience init(
    restoring name: String, history: [PurchaseRecord], revision: Int, earlierVersions: [EarlierVersion],
    finishedConsumables: [UInt64: Int], modifications: [Int], revocations: [Int],
    introductoryOfferGroups: Set<String>, appTransactionNumber: UInt64? = nil
  ) throws(StoreError) {
    self.init(name: name)
    self.appTransactionNumber = appTransactionNumber ?? 0
    self.history = history
    self.revision = revision
    self.introductoryOfferGroups = introductoryOfferGroups
    for index in history.indices {
      guard indexByTransaction[history[index].transactionNumber] == nil else {
        throw StoreError(
          .inconsistentState, "transaction \(history[index].transactionNumber) appears twice in the history")
      }
      indexRecord(at: index)
    }
    try restoreChanges(
      earlierVersions: earlierVersions, finishedConsumables: finishedConsumables,
      modifications: modifications,
      revocations: revocations)
  }

  private func restoreChanges(
    earlierVersions: [EarlierVersion], finishedConsumables: [UInt64: Int], modifications: [Int],
    revocations: [Int]
  ) throws(StoreError) {
    let indices = history.indices
    for version in earlierVersions {
      guard indices.contains(version.index), version.replacedAt <= revision else {
        throw StoreError(
          .inconsistentState, "an earlier version of entry \(version.index) does not fit the history")
      }
      self.earlierVersions[version.index, default: []].append((version.replacedAt, version.record))
    }
    for (number, finishedAt) in finishedConsumables {
      guard indexByTransaction[number] != nil, finishedAt <= revision else {
        throw StoreError(.inconsistentState, "finished consumable \(number) is not in the history")
      }
    }
    self.finishedConsumables = finishedConsumables
    guard modifications.allSatisfy(indices.contains), revocations.allSatisfy(indices.contains) else {
      throw StoreError(.inconsistentState, "modifications or revocations name entries outside the history")
    }
    self.modifications = modifications
    self.revocations = revocations
    latestModification = Array(repeating: 0, count: history.count)
    for (position, index) in modifications.enumerated() { latestModification[index] = position }
  }

  /// Gives the account a subscription a saved world kept.
  public func restore(subscription state: SubscriptionState) {
    subscriptions[state.group] = state
  }
}
