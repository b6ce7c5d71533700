extension World {
  /// Gives the world another seed, as if it had been made with it (``WorldIdentity``): transaction
  /// ids, web order line item ids, the `appTransactionId`, `notificationUUID`s and one-time offer
  /// codes follow the new seed from now on. Allowed only while the world has given out nothing
  /// that derives from its seed, so that no identifier of the old seed stays behind: how a script
  /// (a recording of a prompt session) starts with the prompt's seed. Everything else (the catalog,
  /// the switches, the clock) stays as it is.
  ///
  /// - Throws: ``SimulationError`` naming what the world has given out already.
  public func reseed(_ newIdentity: WorldIdentity) throws(SimulationError) {
    if let given = identifiersGivenOut {
      throw SimulationError(
        .notAllowed,
        "the seed can change only before the world gives out an id, and it has given out \(given): "
          + "give the seed first (or start with --seed \(newIdentity.seed))")
    }
    identity = newIdentity
    store.restartIdentifiers(
      firstTransactionNumber: newIdentity.firstTransactionNumber,
      firstWebOrderLineItemNumber: newIdentity.firstWebOrderLineItemNumber,
      firstAppTransactionNumber: newIdentity.firstAppTransactionNumber)
    store.offerCodes.seed = newIdentity.seed
  }

  /// What the world has given out that derives from its seed, in words, or `nil` when nothing has:
  /// a new world has given out only its one account's app download transaction, which a new seed
  /// gives again.
  var identifiersGivenOut: String? {
    if store.nextTransactionNumber != identity.firstTransactionNumber { return "transaction ids" }
    if store.nextWebOrderLineItemNumber != identity.firstWebOrderLineItemNumber {
      return "web order line item ids"
    }
    let accounts = store.allAccounts
    if accounts.count != 1 || accounts.first?.appTransactionNumber != identity.firstAppTransactionNumber
      || store.nextAppTransactionNumber != identity.firstAppTransactionNumber + 1
    {
      return "the app download transactions of accounts added, deleted or imported"
    }
    if notifications.madeIdentifiers > 0 { return "notificationUUIDs" }
    if store.offerCodes.oneTimeCount > 0 { return "one-time offer codes" }
    return nil
  }
}
