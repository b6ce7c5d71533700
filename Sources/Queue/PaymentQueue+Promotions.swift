import Store

extension PaymentQueue {
  /// A purchase the customer started on the App Store's product page, for a StoreKit 1 app: each
  /// observer is asked `paymentQueue(_:shouldAddStorePayment:for:)`; the payment is added if one
  /// says to continue, kept for later if one defers, dropped otherwise. With no observer it waits
  /// until one is added, as StoreKit holds a promoted purchase until the app observes the queue.
  public func promote(_ payment: Payment) {
    guard !observers.isEmpty else {
      waitingPromotions.append(payment)
      log.record(
        Event(
          time: now, actor: "store", action: "promoted",
          detail: "\(payment.productId) waits: the app observes no queue yet"))
      return
    }
    let decisions = observers.map { observer in
      let decision = observer.paymentQueue(self, shouldAddStorePayment: payment)
      log.record(
        Event(
          time: now, actor: actor(observer.name), action: "shouldAddStorePayment",
          detail:
            "\(payment.productId): \(decision == .continueNow ? "true" : "false (\(decision.rawValue))")"))
      return decision
    }
    if decisions.contains(.continueNow) {
      _ = try? add(payment)
    } else if decisions.contains(.deferForLater) {
      deferredStorePayments.append(payment)
    }
  }

  /// The app adds the store payments it deferred, as it would after its onboarding.
  ///
  /// - Returns: how many it added.
  @discardableResult
  public func addDeferredStorePayments() -> Int {
    let payments = deferredStorePayments
    deferredStorePayments = []
    for payment in payments { _ = try? add(payment) }
    return payments.count
  }

  /// Offers the promoted purchases that waited for an observer to the observers now there.
  func offerWaitingPromotions() {
    let waiting = waitingPromotions
    waitingPromotions = []
    for payment in waiting { promote(payment) }
  }
}
