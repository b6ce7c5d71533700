import Foundation

extension Store {
  /// Apple refunds a transaction: it is marked cancelled with the date and reason, and access ends
  /// (a subscription is revoked, a non-consumable is no longer owned). The account's devices hear
  /// which products were revoked; a consumable's refund revokes nothing the app can take back.
  ///
  /// - Throws: ``StoreError`` when the account has no such transaction or it was refunded already.
  public func refund(
    transactionNumber: UInt64, reason: PurchaseRecord.CancellationReason, account: Account
  ) throws(StoreError) {
    guard let index = account.index(ofTransaction: transactionNumber) else {
      throw .unknownTransaction(transactionNumber, in: account)
    }
    let record = account.history[index]
    guard !record.isCancelled else {
      throw StoreError(.refundRefused, "transaction \(transactionNumber) was refunded already")
    }
    guard record.charged.amount > 0 || record.reason != .redownload else {
      throw StoreError(
        .refundRefused,
        "transaction \(transactionNumber) was a free re-download: refund the original purchase")
    }
    account.update(at: index) { record in
      record.cancellationDate = clock.now
      record.cancellationReason = reason
      record.refunded = record.charged
    }
    report(
      "refund",
      "\(record.charged) for \(record.productId) (transaction \(record.transactionId), reason \(reason.rawValue))",
      [.init("transactionId", record.transactionId), .init("reason", String(reason.rawValue))])
    var revoked: [String] = []
    switch record.productType {
    case .autoRenewable:
      if let state = account.subscriptions.values.first(where: {
        $0.originalTransactionNumber == record.originalTransactionNumber
      }),
        state.latestIndex == index
      {
        state.phase = .revoked
        state.isAutoRenewOn = false
        state.generation += 1
        revoked.append(record.productId)
      }
    case .nonConsumable, .nonRenewing:
      revoked.append(record.productId)
    case .consumable:
      break
    }
    publish(.refund, account: account, transactionNumber: transactionNumber)
    if !revoked.isEmpty { listener?.store(self, didRevoke: revoked, for: account) }
    if record.productType == .consumable {
      listener?.store(self, didRefundConsumable: account.history[index], for: account)
    }
    revokeFamilyShares(of: record.transactionNumber, reason: reason)
  }
}
