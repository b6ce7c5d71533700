import Catalog
import Foundation
import Store
import Verifier

extension World {
  /// Merges what a customer's data says into the current account: its app and environment, new
  /// transactions with their own identifiers and dates, new facts about transactions the world has,
  /// products the catalog lacks (synthesized), and the subscriptions' states worked out again from
  /// all of it at the clock, which moves to the data's date. The device then holds a receipt as
  /// Apple would write it now.
  ///
  /// - Parameters:
  ///   - preference: which side wins a conflict; with none, conflicts stop the import.
  ///   - writesReceipt: whether the device gets a receipt made from the result (a customer's
  ///     artifact came from a device that had one; a single stated fact does not write one, so that
  ///     a script of facts ends with one `receipt refresh` as an artifact import does).
  /// - Throws: ``ImportError`` listing every conflict (or another reason); the world is then unchanged.
  public func importCustomer(
    _ data: CustomerData, preference: ConflictPreference? = nil, writesReceipt: Bool = true
  ) throws(ImportError) -> ImportReport {
    var report = ImportReport()
    report.notes = data.notes
    var transactions = try mergedWithinData(data, preference: preference, report: &report)
    guard let account = device.queue.account else {
      throw ImportError(data.source, "no account is signed in on \(device.name): sign one in first")
    }
    let upgraded = UpgradeInference.apply(to: &transactions, held: account.history)
    let clockBefore = store.clock.now
    moveClock(to: data.asOf, report: &report)
    let synthesized = ProductSynthesizer(catalog: store.catalog).products(for: transactions)
    let merge = TransactionMerge(store: store, preference: preference)
    var records: [PurchaseRecord] = []
    var conflicts: [ImportConflict] = []
    do {
      try withCatalog(adding: synthesized.map(\.product), source: data.source) { () throws(ImportError) in
        for transaction in transactions {
          let held = account.index(ofTransaction: transaction.transactionNumber).map { account.history[$0] }
          let (record, found) = merge.record(transaction, held: held)
          conflicts += found
          records.append(record)
          if held == nil { report.added += 1 } else { report.merged += 1 }
        }
        guard conflicts.isEmpty || preference != nil else {
          throw ImportError(
            data.source,
            "\(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s") with the world (nothing imported; "
              + "choose with --prefer world|incoming):\n  "
              + conflicts.map(\.description).joined(separator: "\n  "))
        }
        do throws(StoreError) {
          try store.importRecords(records + upgraded.map(\.record), into: account)
        } catch {
          throw ImportError(data.source, error.description)
        }
      }
    } catch {
      store.undoImportClockMove(to: clockBefore)
      throw error
    }
    report.settledConflicts = conflicts
    report.synthesized = synthesized.map { ($0.product, $0.reasoning) }
    report.prices = ImportReport.Prices(records)
    report.notes += upgraded.map(\.change)
    let imported = Set((records + upgraded.map(\.record)).map(\.transactionNumber))
    for upgrade in UpgradeInference.upgrades(in: account)
    where imported.contains(upgrade.upgraded)
      || upgrade.milestone.transactionNumber.map(imported.contains) == true
    {
      store.noteImported(upgrade.milestone)
    }
    applyApp(data.app, account: account, report: &report)
    noteSandboxSpeed(synthesized, report: &report)
    keepAppAccountTokens(transactions)
    deriveSubscriptions(touching: transactions, renewals: data.renewals, account: account, report: &report)
    if writesReceipt { refreshReceipt(of: device) }
    return report
  }

  /// The data's transactions with duplicates folded: the same transaction twice must say the same.
  private func mergedWithinData(
    _ data: CustomerData, preference: ConflictPreference?, report: inout ImportReport
  ) throws(ImportError) -> [CustomerTransaction] {
    var order: [UInt64] = []
    var byNumber: [UInt64: CustomerTransaction] = [:]
    for transaction in data.transactions {
      guard let earlier = byNumber[transaction.transactionNumber] else {
        order.append(transaction.transactionNumber)
        byNumber[transaction.transactionNumber] = transaction
        continue
      }
      if let combined = earlier.combined(with: transaction) {
        byNumber[transaction.transactionNumber] = combined
        continue
      }
      guard let preference else {
        throw ImportError(
          data.source,
          "transaction \(transaction.transactionNumber) appears twice with different facts "
            + "(\(earlier.productId) bought \(Timestamp.iso8601Milliseconds(earlier.purchaseDate)), "
            + "\(transaction.productId) bought \(Timestamp.iso8601Milliseconds(transaction.purchaseDate))); "
            + "nothing imported (choose with --prefer world|incoming)")
      }
      if preference == .incoming {
        byNumber[transaction.transactionNumber] = transaction.filled(from: earlier)
      }
    }
    return order.compactMap { byNumber[$0] }.sorted { $0.purchaseDate < $1.purchaseDate }
  }

  /// Runs `body` with the synthesized products in the catalog; takes them out again if it fails.
  private func withCatalog(
    adding products: [Product], source: String, _ body: () throws(ImportError) -> Void
  ) throws(ImportError) {
    store.importIntoCatalog(products: products)
    do {
      try body()
    } catch {
      store.removeImportedProducts(products.map(\.id))
      throw error
    }
  }

  private func applyApp(_ app: CustomerApp, account: Account, report: inout ImportReport) {
    if let bundleId = app.bundleId, bundleId != store.catalog.bundleId {
      report.notes.append("app: \(bundleId) (the catalog said \(store.catalog.bundleId))")
    }
    store.importIntoCatalog(products: [], bundleId: app.bundleId, appVersion: app.applicationVersion)
    if let version = app.originalApplicationVersion { importedOriginalApplicationVersion = version }
    if let date = app.originalPurchaseDate { importedOriginalPurchaseDate = date }
    if let environment = app.environment, environment == .sandbox || environment == .production {
      if environment != self.environment { report.notes.append("environment: \(environment.rawValue)") }
      self.environment = environment
    }
    if let id = app.appAppleId, id != 0 { appAppleId = id }
    if let number = app.appTransactionNumber, number != account.appTransactionNumber {
      if let holder = store.account(holdingAppTransaction: number) {
        report.notes.append(
          "appTransactionId \(number) is account \(holder.name)'s: \(account.name) keeps \(account.appTransactionId)"
        )
      } else {
        store.adoptAppTransaction(number, for: account)
        report.notes.append("appTransactionId: \(number)")
      }
    }
  }

  /// Moves the clock to the data's date (before its records join the world): back only while the
  /// world has no purchases, since time cannot run backwards over what happened.
  private func moveClock(to date: Date?, report: inout ImportReport) {
    guard let date, date != store.clock.now else { return }
    if date > store.clock.now {
      store.moveClock(forwardTo: date)
    } else {
      do {
        try store.setClock(to: date)
      } catch {
        report.notes.append(
          "the data is from \(Timestamp.iso8601Milliseconds(date)), before the world's clock (\(error)): the clock stays"
        )
        return
      }
    }
    report.notes.append("clock: \(Timestamp.iso8601Milliseconds(store.clock.now)) (the data's date)")
  }

  private func noteSandboxSpeed(_ made: [ProductSynthesizer.Made], report: inout ImportReport) {
    let fast = made.contains { $0.reasoning.contains("sandbox speed") }
    guard fast, store.timeRate != .sandbox else { return }
    store.timeRate = .sandbox
    report.notes.append("time rate: sandbox (the periods ran at sandbox speed)")
  }

  private func keepAppAccountTokens(_ transactions: [CustomerTransaction]) {
    for transaction in transactions {
      guard let token = transaction.appAccountToken?.uuidString.lowercased() else { continue }
      let current = serverAPI.appAccountTokens[transaction.originalTransactionNumber]?.last {
        $0.from <= transaction.transactionNumber
      }
      guard current?.token != token else { continue }
      serverAPI.setAppAccountToken(
        token, originalTransactionNumber: transaction.originalTransactionNumber,
        from: transaction.transactionNumber)
    }
  }

  /// Works out again each subscription group the data touches.
  private func deriveSubscriptions(
    touching transactions: [CustomerTransaction], renewals: [CustomerRenewal], account: Account,
    report: inout ImportReport
  ) {
    var groups: [String] = []
    var groupByOriginal: [UInt64: String] = [:]
    for record in account.history where record.productType == .autoRenewable {
      if let group = store.catalog.product(record.productId)?.subscription?.group {
        groupByOriginal[record.originalTransactionNumber] = group
      }
    }
    for transaction in transactions {
      guard let group = store.catalog.product(transaction.productId)?.subscription?.group,
        !groups.contains(group)
      else { continue }
      groups.append(group)
    }
    for renewal in renewals {
      guard let group = groupByOriginal[renewal.originalTransactionNumber] else {
        report.notes.append(
          "renewal info of \(renewal.originalTransactionNumber): no transaction of that subscription, ignored"
        )
        continue
      }
      if !groups.contains(group) { groups.append(group) }
    }
    for group in groups {
      var facts = existingFacts(of: account.subscriptions[group])
      for renewal in renewals where groupByOriginal[renewal.originalTransactionNumber] == group {
        facts.apply(renewal)
      }
      if let state = store.deriveSubscription(group: group, account: account, renewal: facts) {
        report.subscriptions.append(describe(state, assumedAutoRenew: facts.isAutoRenewOn == nil))
      }
    }
  }

  /// What a subscription the world has says of its renewal, kept when new data says nothing of it.
  private func existingFacts(of state: SubscriptionState?) -> SubscriptionRenewalFacts {
    var facts = SubscriptionRenewalFacts()
    guard let state else { return facts }
    facts.isAutoRenewOn = state.isAutoRenewOn
    facts.autoRenewProductId = state.autoRenewProductId
    facts.priceConsent = state.priceConsent
    switch state.phase {
    case .active, .revoked: facts.expirationIntent = state.pendingExpirationIntent
    case .billingRetry(_, let graceUntil):
      facts.isInBillingRetry = true
      facts.gracePeriodExpiresDate = graceUntil
    case .expired(let intent): facts.expirationIntent = intent
    }
    return facts
  }

  private func describe(_ state: SubscriptionState, assumedAutoRenew: Bool) -> String {
    let status = state.status(at: store.clock.now)
    let renew = state.isAutoRenewOn ? "on" : "off"
    let assumed = assumedAutoRenew ? " (assumed: the data does not say)" : ""
    return
      "subscription \(state.productId): \(status.rawValue), expires \(Timestamp.iso8601Milliseconds(state.expiresDate)), auto-renew \(renew)\(assumed)"
  }
}

extension SubscriptionRenewalFacts {
  /// Takes what a renewal info says over what was known.
  mutating func apply(_ renewal: CustomerRenewal) {
    if let on = renewal.isAutoRenewOn { isAutoRenewOn = on }
    if let product = renewal.autoRenewProductId { autoRenewProductId = product }
    if let intent = renewal.expirationIntent { expirationIntent = intent }
    if let retry = renewal.isInBillingRetry {
      isInBillingRetry = retry
      if !retry { gracePeriodExpiresDate = nil }
    }
    if let grace = renewal.gracePeriodExpiresDate { gracePeriodExpiresDate = grace }
    if let consent = renewal.hasConsentedToPriceIncrease { priceConsent = consent ? .accepted : .pending }
  }
}
