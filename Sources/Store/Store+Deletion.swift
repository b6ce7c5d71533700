import Foundation

extension Store {
  /// Deletes a transaction from an account's history, as StoreKit Testing's
  /// `SKTestSession.deleteTransaction(identifier:)` does: it is gone from the history, from
  /// receipts written afterwards and from every answer about the account, as though it had never
  /// been made. Its identifier is never given again.
  ///
  /// Deleting a first purchase (an original transaction) deletes every entry continuing it: a
  /// non-consumable's re-downloads; a subscription's renewals, resubscriptions and changes of plan,
  /// so the whole subscription goes, with what was scheduled for it, and its group's introductory
  /// offer can be had again. Deleting another period of a subscription leaves the rest; when it was
  /// the current period, the subscription is worked out again from the periods left, keeping what
  /// is known of its renewal (``deriveSubscription(group:account:renewal:)``), so one that renews is
  /// due to renew again at the end of the period before. What family members were given from a
  /// deleted entry is deleted from their histories too, and a pending refund request for it is
  /// dropped. The app's server hears nothing: Apple has no notification for it.
  ///
  /// - Parameters:
  ///   - number: the transaction identifier.
  ///   - account: the account whose history holds it.
  /// - Returns: the entries deleted, the account's first, then family members'.
  /// - Throws: ``StoreError`` when the account's history has no such transaction; nothing changes.
  @discardableResult
  public func deleteTransaction(number: UInt64, account: Account) throws(StoreError) -> [DeletedRecords] {
    guard let index = account.index(ofTransaction: number) else {
      if let owner = self.account(holdingTransaction: number) {
        throw StoreError(
          .notFound, "transaction \(number) belongs to account \(owner.name), not \(account.name)")
      }
      throw .unknownTransaction(number, in: account)
    }
    let record = account.history[index]
    let numbers: Set<UInt64> =
      record.transactionNumber == record.originalTransactionNumber
      ? Set(account.history.lazy.filter { $0.originalTransactionNumber == number }.map(\.transactionNumber))
      : [number]
    let deleted = remove(numbers, from: account)
    let others = numbers.count - 1
    report(
      "transactionDeleted",
      "\(record.productId) \(record.transactionId) (account \(account.name))"
        + (others > 0 ? " and \(Wording.plural(others, "entry", "entries")) continuing it" : ""),
      [
        .init("product", record.productId), .init("transactionId", record.transactionId),
        .init("account", account.name), .init("entries", String(numbers.count)),
      ])
    return deleted
  }

  /// Deletes every transaction of an account, as StoreKit Testing's `SKTestSession.clearTransactions()`
  /// does: its history, its subscriptions and what is scheduled for them, its pending refund requests,
  /// the introductory offers it redeemed and its milestones are gone, and what family members were
  /// given from its purchases. The clock, the catalog, the switches and the identifier generators
  /// stay: new purchases get identifiers never given before.
  ///
  /// - Returns: the entries deleted, the account's first, then family members'.
  @discardableResult
  public func clearTransactions(account: Account) -> [DeletedRecords] {
    let deleted = remove(Set(account.history.map(\.transactionNumber)), from: account)
    scheduler.removeAll { $0.account === account }
    account.introductoryOfferGroups = []
    refundRequests = refundRequests.filter { $0.value.accountName != account.name }
    milestones.removeAll { $0.accountName == account.name }
    let count = deleted.first?.records.count ?? 0
    report(
      "transactionsCleared", "\(Wording.plural(count, "entry", "entries")) of account \(account.name)",
      [.init("account", account.name), .init("entries", String(count))])
    return deleted
  }

  /// Takes transactions out of an account's history, with what family members were given from
  /// them, and settles what pointed at them: subscriptions whose current period went, refund
  /// requests, the index of who holds what, milestones.
  private func remove(_ numbers: Set<UInt64>, from account: Account) -> [DeletedRecords] {
    let lostCurrentPeriod = account.subscriptions.values.filter {
      !account.history.indices.contains($0.latestIndex)
        || numbers.contains(account.history[$0.latestIndex].transactionNumber)
    }.sorted { $0.group < $1.group }
    var deleted = [DeletedRecords(account: account, records: account.removeRecords(numbers))]
    for state in lostCurrentPeriod { rework(state, of: account) }
    for member in allAccounts where member !== account {
      let shared = numbers.flatMap { member.indices(sharedFrom: $0) }.map {
        member.history[$0].transactionNumber
      }
      guard !shared.isEmpty else { continue }
      deleted.append(DeletedRecords(account: member, records: member.removeRecords(Set(shared))))
    }
    for removal in deleted { forget(removal) }
    return deleted
  }

  /// Works a subscription out again once its current period was deleted, from the periods left
  /// and what is known of its renewal; one with no period left is discarded.
  private func rework(_ state: SubscriptionState, of account: Account) {
    var renewal = SubscriptionRenewalFacts()
    renewal.isAutoRenewOn = state.isAutoRenewOn
    renewal.autoRenewProductId = state.autoRenewProductId
    renewal.expirationIntent = state.expirationIntent ?? state.pendingExpirationIntent
    renewal.isInBillingRetry = state.billingRetryStart != nil
    renewal.gracePeriodExpiresDate = state.gracePeriodExpiresDate
    renewal.priceConsent = state.priceConsent
    state.generation += 1  // what was scheduled for the deleted period is stale
    if deriveSubscription(group: state.group, account: account, renewal: renewal) !== state {
      discard(state, of: account)
    }
  }

  /// Forgets a subscription: it is no longer the account's, nothing scheduled for it runs, and
  /// when no period of its group is left the group's introductory offer can be had again.
  private func discard(_ state: SubscriptionState, of account: Account) {
    state.generation += 1
    scheduler.removeAll { $0.subscription === state }
    if account.subscriptions[state.group] === state { account.subscriptions[state.group] = nil }
    let groupLeft = account.history.contains {
      !$0.isFamilyShared && catalog.product($0.productId)?.subscription?.group == state.group
    }
    if !groupLeft { account.introductoryOfferGroups.remove(state.group) }
  }

  /// Forgets what pointed at deleted entries: pending refund requests, who held them, milestones.
  private func forget(_ removal: DeletedRecords) {
    let numbers = Set(removal.records.map(\.transactionNumber))
    guard !numbers.isEmpty else { return }
    for number in numbers {
      refundRequests[number] = nil
      if transactionOwners[number] == removal.account.name { transactionOwners[number] = nil }
    }
    milestones.removeAll {
      $0.accountName == removal.account.name && $0.transactionNumber.map(numbers.contains) == true
    }
  }
}
