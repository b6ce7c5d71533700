import Catalog
import Foundation

extension Store {
  /// Price increases in force, by product.
  public var priceOverridesByProduct: [String: Decimal] { priceOverrides }

  /// The transaction identifier the store gives next.
  public var nextTransactionNumber: UInt64 { transactionIds.upcoming }

  /// The web order line item identifier the store gives next.
  public var nextWebOrderLineItemNumber: UInt64 { webOrderLineItemIds.upcoming }

  /// The app download transaction the store gives the next account it adds.
  public var nextAppTransactionNumber: UInt64 { appTransactionIds.upcoming }

  /// The subscription events waiting on the clock, in the order they were scheduled, leaving out
  /// those a later change made stale and those of deleted accounts.
  public var pendingSubscriptionEvents: [PendingSubscriptionEvent] {
    scheduler.entries.compactMap { entry in
      let event = entry.payload
      guard event.generation == event.subscription.generation, accounts[event.account.name] === event.account
      else { return nil }
      return PendingSubscriptionEvent(
        kind: event.kind, due: entry.due, accountName: event.account.name, group: event.subscription.group)
    }
  }

  /// Replaces Apple's records with those of a saved world: the accounts with their histories and
  /// subscriptions, the family, price increases, refund requests, the identifier generators and the
  /// subscription events due.
  ///
  /// A world saved before storebench kept app download transactions has none: its accounts get
  /// the next ones in the order given (after the highest any account has), and so does the
  /// generator when `nextAppTransactionNumber` is `nil`.
  ///
  /// - Throws: ``StoreError`` when the parts do not fit together (an event or family member naming
  ///   an unknown account or subscription, a transaction or app transaction held twice); the store
  ///   is then unchanged.
  public func restore(
    accounts restored: [Account], family: [String], priceOverrides: [String: Decimal],
    refundRequests: [UInt64: RefundRequest], nextTransactionNumber: UInt64,
    nextWebOrderLineItemNumber: UInt64, nextAppTransactionNumber: UInt64? = nil,
    events: [PendingSubscriptionEvent]
  ) throws(StoreError) {
    let appTransactions = try appTransactionNumbers(of: restored, next: nextAppTransactionNumber)
    var byName: [String: Account] = [:]
    var owners: [UInt64: String] = [:]
    for account in restored {
      guard byName[account.name] == nil else {
        throw StoreError(.inconsistentState, "account \(account.name) appears twice")
      }
      byName[account.name] = account
      for record in account.history {
        guard owners.updateValue(account.name, forKey: record.transactionNumber) == nil else {
          throw StoreError(
            .inconsistentState, "transaction \(record.transactionNumber) is held by two accounts")
        }
      }
    }
    let scheduled = try scheduledEvents(events, accounts: byName)
    for name in family where byName[name] == nil {
      throw StoreError(.inconsistentState, "family member \(name) is not an account")
    }
    for (number, request) in refundRequests where owners[number] != request.accountName {
      throw StoreError(
        .inconsistentState, "refund request for \(number) names an account that does not hold it")
    }
    for account in restored where account.appTransactionNumber == 0 {
      account.appTransactionNumber = appTransactions.numbers[account.name] ?? 0
    }
    appTransactionIds = appTransactions.generator
    appTransactionOwners = [:]
    accounts = byName.mapValues(indexed)
    transactionOwners = owners
    self.family = family
    self.priceOverrides = priceOverrides
    self.refundRequests = refundRequests
    transactionIds = TransactionIdentifierGenerator(first: nextTransactionNumber)
    webOrderLineItemIds = TransactionIdentifierGenerator(first: nextWebOrderLineItemNumber)
    scheduler = Scheduler()
    for (due, event) in scheduled { scheduler.schedule(event, at: due) }
  }

  /// The app download transactions of restored accounts that have none yet, and the generator to
  /// go on with; checks no two accounts hold one.
  private func appTransactionNumbers(
    of restored: [Account], next: UInt64?
  ) throws(StoreError) -> (numbers: [String: UInt64], generator: TransactionIdentifierGenerator) {
    var held: Set<UInt64> = []
    for account in restored where account.appTransactionNumber != 0 {
      guard held.insert(account.appTransactionNumber).inserted else {
        throw StoreError(
          .inconsistentState, "app transaction \(account.appTransactionNumber) is held by two accounts")
      }
    }
    var generator = TransactionIdentifierGenerator(
      first: next ?? held.max().map { $0 + 1 } ?? Store.firstAppTransactionNumber)
    var numbers: [String: UInt64] = [:]
    for account in restored where account.appTransactionNumber == 0 {
      var number = generator.make()
      while held.contains(number) { number = generator.make() }
      numbers[account.name] = number
    }
    return (numbers, generator)
  }

  private func scheduledEvents(
    _ events: [PendingSubscriptionEvent], accounts: [String: Account]
  ) throws(StoreError) -> [(Date, ScheduledEvent)] {
    var result: [(Date, ScheduledEvent)] = []
    for event in events {
      guard let account = accounts[event.accountName], let state = account.subscriptions[event.group] else {
        throw StoreError(
          .inconsistentState,
          "a \(event.kind.rawValue) event names no subscription (\(event.accountName), \(event.group))")
      }
      result.append(
        (
          event.due,
          ScheduledEvent(
            kind: event.kind, subscription: state, account: account, generation: state.generation)
        ))
    }
    return result
  }
}
