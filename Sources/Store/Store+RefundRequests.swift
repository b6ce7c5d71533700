import Foundation

extension Store {
  /// The customer asks for a refund in the app. Apple asks the app's server for consumption
  /// information (`CONSUMPTION_REQUEST`) for consumables and auto-renewable subscriptions, and turns
  /// a subscription's auto-renew off (`DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED`). The request
  /// then waits for ``decideRefund(transactionNumber:grant:account:)``.
  ///
  /// - Throws: ``StoreError`` when the account has no such transaction, it was refunded already,
  ///   a family member shared it, or a request for it is pending.
  @discardableResult
  public func requestRefund(
    transactionNumber: UInt64, reason: RefundRequest.Reason, account: Account
  ) throws(StoreError) -> RefundRequest {
    let record = try refundableRecord(transactionNumber, account: account)
    guard !record.isFamilyShared else {
      throw StoreError(
        .refundRefused,
        "transaction \(transactionNumber) was shared by a family member: only the purchaser can ask for a refund"
      )
    }
    guard refundRequests[transactionNumber] == nil else {
      throw StoreError(
        .refundRefused, "a refund request for transaction \(transactionNumber) is pending already")
    }
    let asks = record.productType == .consumable || record.productType == .autoRenewable
    let request = RefundRequest(
      transactionNumber: transactionNumber, accountName: account.name, reason: reason, requestDate: clock.now,
      asksForConsumptionInfo: asks)
    refundRequests[transactionNumber] = request
    note(
      .refundRequested, account: account.name, transactionNumber: transactionNumber,
      productId: record.productId)
    report(
      "refundRequested",
      "\(record.productId) (transaction \(record.transactionId), reason \(reason.rawValue)): pending\(asks ? ", consumption information requested" : "")",
      [
        .init("transactionId", record.transactionId), .init("reason", reason.rawValue),
        .init("consumptionRequest", String(asks)),
      ])
    if asks {
      publish(
        .consumptionRequest, account: account, transactionNumber: transactionNumber,
        consumptionRequestReason: reason.rawValue)
    }
    if record.productType == .autoRenewable, let state = subscription(of: record, in: account), state.isLive,
      state.isAutoRenewOn
    {
      state.isAutoRenewOn = false
      state.pendingExpirationIntent = .customerCancelled
      report("autoRenew", "\(state.productId): auto-renew off (refund requested)")
      publish(.didChangeRenewalStatus, .autoRenewDisabled, account: account, subscription: state)
    }
    return request
  }

  /// Apple decides a pending refund request: granting refunds the transaction as
  /// ``refund(transactionNumber:reason:account:)`` does (`REFUND`); declining changes nothing the
  /// customer has (`REFUND_DECLINED`).
  ///
  /// - Throws: ``StoreError`` when no request for the transaction is pending.
  /// - Returns: the request decided.
  @discardableResult
  public func decideRefund(
    transactionNumber: UInt64, grant: Bool, account: Account
  ) throws(StoreError) -> RefundRequest {
    guard let request = refundRequests[transactionNumber], request.accountName == account.name else {
      throw StoreError(
        .notFound,
        "no refund request is pending for transaction \(transactionNumber) (`refund-request \(transactionNumber)`)"
      )
    }
    if grant {
      try refund(
        transactionNumber: transactionNumber, reason: request.reason.cancellationReason, account: account)
    } else {
      report(
        "refundDeclined", "transaction \(transactionNumber): the customer keeps the purchase, no money back",
        [.init("transactionId", String(transactionNumber))])
      publish(.refundDeclined, account: account, transactionNumber: transactionNumber)
    }
    refundRequests[transactionNumber] = nil
    return request
  }

  /// A refund is reversed after a dispute: the cancellation is removed and the customer is charged
  /// again (`REFUND_REVERSED`). A revoked subscription period still running is active again, with
  /// auto-renew off; one whose period ended meanwhile stays ended. Devices learn of it from their
  /// next receipt: StoreKit has no callback that gives access back.
  ///
  /// - Throws: ``StoreError`` when the account has no such transaction or it was not refunded.
  public func reverseRefund(transactionNumber: UInt64, account: Account) throws(StoreError) {
    guard let index = account.index(ofTransaction: transactionNumber) else {
      throw .unknownTransaction(transactionNumber, in: account)
    }
    let record = account.history[index]
    guard record.isCancelled, !record.isUpgraded else {
      throw StoreError(.notAllowed, "transaction \(transactionNumber) was not refunded")
    }
    account.update(at: index) { record in
      record.cancellationDate = nil
      record.cancellationReason = nil
      record.refunded = nil
    }
    if record.productType == .autoRenewable, let state = subscription(of: record, in: account),
      state.latestIndex == index, state.status(at: clock.now) == .revoked
    {
      restore(state, account: account)
    }
    report(
      "refundReversed", "\(record.productId) (transaction \(record.transactionId)): the refund is taken back",
      [.init("transactionId", record.transactionId)])
    publish(.refundReversed, account: account, transactionNumber: transactionNumber)
  }

  /// The record of a transaction that may still be refunded.
  private func refundableRecord(_ number: UInt64, account: Account) throws(StoreError) -> PurchaseRecord {
    guard let index = account.index(ofTransaction: number) else {
      throw .unknownTransaction(number, in: account)
    }
    let record = account.history[index]
    guard !record.isCancelled else {
      throw StoreError(.refundRefused, "transaction \(number) was refunded already")
    }
    return record
  }

  private func subscription(of record: PurchaseRecord, in account: Account) -> SubscriptionState? {
    account.subscriptions.values.first { $0.originalTransactionNumber == record.originalTransactionNumber }
  }

  /// Gives a revoked subscription its current period back, without renewal.
  private func restore(_ state: SubscriptionState, account: Account) {
    state.generation += 1
    state.isAutoRenewOn = false
    state.pendingExpirationIntent = .customerCancelled
    guard state.expiresDate > clock.now else {
      state.phase = .expired(.customerCancelled)
      return
    }
    state.phase = .active
    scheduler.schedule(
      ScheduledEvent(kind: .periodEnd, subscription: state, account: account, generation: state.generation),
      at: state.expiresDate)
  }
}
