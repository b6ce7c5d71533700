import Queue

extension AppObserver {
  /// The actions put off until a transaction's hosted content has downloaded, if any.
  public func waitingActions(for transaction: PaymentTransaction) -> [ObserverAction]? {
    waitingForContent[ObjectIdentifier(transaction)]
  }

  /// Puts actions off until a transaction's hosted content has downloaded, as a saved world had them.
  public func restoreWaiting(_ actions: [ObserverAction], for transaction: PaymentTransaction) {
    waitingForContent[ObjectIdentifier(transaction)] = actions
  }
}
