import Store

extension PaymentQueue {
  /// A parent approves a deferred purchase: it is charged and becomes `purchased`.
  ///
  /// - Throws: ``QueueError`` unless the transaction is deferred in this queue.
  public func approve(_ transaction: PaymentTransaction) throws(QueueError) {
    try requireDeferred(transaction)
    noteAskToBuy(.askToBuyApproved, of: transaction)
    charge(transaction)
  }

  /// A parent declines a deferred purchase: it becomes `failed` (SKError 2), or, with the silent
  /// habit, the app hears nothing and the transaction stays deferred.
  public func decline(_ transaction: PaymentTransaction) throws(QueueError) {
    try requireDeferred(transaction)
    noteAskToBuy(.askToBuyDeclined, of: transaction)
    guard !store.isAskToBuyDeclineSilent else {
      log.record(
        Event(
          time: now, actor: "store", action: "askToBuyDeclined",
          detail: "\(transaction.handleText): nothing is sent to the app"))
      return
    }
    fail(transaction, with: .paymentCancelled)
  }

  /// Keeps an Ask to Buy step among the store's milestones, for the timeline.
  func noteAskToBuy(_ kind: Milestone.Kind, of transaction: PaymentTransaction) {
    store.note(
      kind, account: account?.name ?? "", transactionNumber: nil, productId: transaction.payment.productId)
  }

  private func requireDeferred(_ transaction: PaymentTransaction) throws(QueueError) {
    guard transaction.device == device, transaction.state == .deferred, !transaction.isFinished else {
      throw QueueError(
        .notAllowed, "\(transaction.handleText) is \(transaction.state.rawValue), not waiting for Ask to Buy")
    }
  }

  /// The customer resolves an interrupted purchase: a new transaction arrives `purchased`.
  ///
  /// - Throws: ``QueueError`` unless the transaction is an unresolved interrupted purchase.
  @discardableResult
  public func resolve(_ transaction: PaymentTransaction) throws(QueueError) -> PaymentTransaction {
    guard transaction.device == device, transaction.isInterrupted, transaction.resolution == nil else {
      throw QueueError(
        .notAllowed, "\(transaction.handleText) is not an interrupted purchase waiting to be resolved")
    }
    let completion = PaymentTransaction(
      handle: registry.nextHandle, payment: transaction.payment, device: device, state: .purchasing, date: now
    )
    registry.register(completion)
    transactions.append(completion)
    transaction.resolution = completion
    charge(completion)
    return completion
  }
}
