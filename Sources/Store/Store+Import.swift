import Catalog
import Foundation
import Vocabulary

extension Store {
  /// Gives the catalog what imported data shows about the app: products it lacked, the bundle
  /// identifier and the app version. Unlike ``replaceCatalog(with:)`` this works after purchases,
  /// and leaves the storefront, locale and switches alone.
  public func importIntoCatalog(products: [Product], bundleId: String? = nil, appVersion: String? = nil) {
    for product in products { catalog.add(product) }
    if let bundleId { catalog.bundleId = bundleId }
    if let appVersion { catalog.appVersion = appVersion }
  }

  /// Keeps a milestone that imported data shows happened (an upgrade), at its own time among the
  /// others, once however often the data is imported.
  public func noteImported(_ milestone: Milestone) {
    guard !milestones.contains(milestone) else { return }
    let index = milestones.firstIndex { $0.time > milestone.time } ?? milestones.endIndex
    milestones.insert(milestone, at: index)
  }

  /// Puts the clock back where it stood before an import that failed moved it.
  public func undoImportClockMove(to date: Date) {
    clock.set(date)
  }

  /// Takes back products ``importIntoCatalog(products:bundleId:appVersion:)`` added, when the
  /// import they came with failed.
  public func removeImportedProducts(_ identifiers: [String]) {
    let kept = catalog.products.filter { !identifiers.contains($0.id) }
    var restored = Catalog(
      bundleId: catalog.bundleId, appVersion: catalog.appVersion, baseStorefront: catalog.baseStorefront,
      storefronts: catalog.storefronts, products: kept)
    restored.storeKitSettings = catalog.storeKitSettings
    restored.storeKitDetails = catalog.storeKitDetails
    catalog = restored
  }

  /// Puts records made elsewhere (a customer's receipt, signed transactions) into an account's
  /// history with their own identifiers and dates: new ones are appended, one holding a transaction
  /// the account has already is replaced by it. Refunds come in as refunds, so refund history
  /// sees them. The identifier generators move past every imported identifier.
  ///
  /// - Throws: ``StoreError`` when another account holds one of the transactions; nothing changes.
  public func importRecords(_ records: [PurchaseRecord], into account: Account) throws(StoreError) {
    for record in records {
      if let owner = transactionOwners[record.transactionNumber], owner != account.name {
        throw StoreError(
          .conflict, "transaction \(record.transactionId) belongs to account \(owner), not \(account.name)")
      }
    }
    for record in records {
      if let index = account.index(ofTransaction: record.transactionNumber) {
        guard account.history[index] != record else { continue }
        account.update(at: index) { $0 = record }
      } else {
        var unrefunded = record
        unrefunded.cancellationDate = nil
        unrefunded.cancellationReason = nil
        unrefunded.refunded = nil
        let index = account.append(unrefunded)
        if record.cancellationDate != nil { account.update(at: index) { $0 = record } }
      }
      if record.isTrialPeriod || record.isInIntroOfferPeriod,
        let group = catalog.product(record.productId)?.subscription?.group
      {
        account.introductoryOfferGroups.insert(group)
      }
    }
    let transactions = records.map(\.transactionNumber).max() ?? 0
    if transactions >= transactionIds.upcoming {
      transactionIds = TransactionIdentifierGenerator(first: transactions + 1)
    }
    let lineItems = records.compactMap(\.webOrderLineItemNumber).max() ?? 0
    if lineItems >= webOrderLineItemIds.upcoming {
      webOrderLineItemIds = TransactionIdentifierGenerator(first: lineItems + 1)
    }
  }

  /// Works out an account's subscription in a group from its records and what is known of its
  /// renewal, at the store's clock, and schedules what falls due next: the period's end while it
  /// is current (at once when a renewal is already due), the end of billing retry and of the grace
  /// period while retrying. Replaces what the account had for the group.
  ///
  /// - Returns: the subscription, or `nil` when the account has no record in the group.
  @discardableResult
  public func deriveSubscription(
    group: String, account: Account, renewal: SubscriptionRenewalFacts
  ) -> SubscriptionState? {
    guard let latestIndex = latestPeriodIndex(group: group, account: account) else { return nil }
    let latest = account.history[latestIndex]
    let expires = latest.expiresDate ?? latest.purchaseDate
    var state = account.subscriptions[group]
    if state?.originalTransactionNumber != latest.originalTransactionNumber {
      state = SubscriptionState(accountName: account.name, group: group, record: latest, index: latestIndex)
    }
    guard let state else { return nil }
    state.productId = latest.productId
    state.latestIndex = latestIndex
    state.expiresDate = expires
    state.autoRenewProductId = renewal.autoRenewProductId ?? latest.productId
    state.renewals = trailingRenewals(group: group, account: account, upTo: latest)
    state.offer = offer(of: latest)
    state.offerPeriodsLeft = 0
    state.pendingOffer = nil
    state.priceConsent = renewal.priceConsent ?? .none
    state.pendingExpirationIntent = nil
    let isCurrent = expires > clock.now
    let isAutoRenewOn = renewal.isAutoRenewOn ?? isCurrent
    state.isAutoRenewOn = isAutoRenewOn
    state.generation += 1
    account.subscriptions[group] = state
    if latest.isCancelled && !latest.isUpgraded {
      state.phase = .revoked
      state.isAutoRenewOn = false
    } else if isCurrent || (isAutoRenewOn && renewal.isInBillingRetry != true) {
      state.phase = .active
      if !isAutoRenewOn { state.pendingExpirationIntent = renewal.expirationIntent }
      schedule(.periodEnd, of: state, account: account, at: expires)
    } else if renewal.isInBillingRetry == true {
      resumeBillingRetry(
        of: state, account: account, since: expires, graceUntil: renewal.gracePeriodExpiresDate)
    } else {
      state.phase = .expired(renewal.expirationIntent)
      state.isAutoRenewOn = false
    }
    if !state.isLive {
      state.offer = nil
      state.pendingExpirationIntent = nil
    }
    return state
  }

  /// The history index of the group's current (or last) period: the latest-ending one not replaced
  /// by an upgrade, the later purchase on a tie.
  private func latestPeriodIndex(group: String, account: Account) -> Int? {
    var best: Int?
    for (index, record) in account.history.enumerated()
    where record.productType == .autoRenewable && record.sharedFromTransactionNumber == nil
      && !record.isUpgraded && catalog.product(record.productId)?.subscription?.group == group
    {
      guard let current = best else {
        best = index
        continue
      }
      let other = account.history[current]
      let key = (record.expiresDate ?? record.purchaseDate, record.purchaseDate)
      let otherKey = (other.expiresDate ?? other.purchaseDate, other.purchaseDate)
      if key > otherKey || (key == otherKey && index > current) { best = index }
    }
    return best
  }

  /// How many renewals came after the last purchase of the latest period's subscription.
  private func trailingRenewals(group: String, account: Account, upTo latest: PurchaseRecord) -> Int {
    let chain = account.history.filter {
      $0.originalTransactionNumber == latest.originalTransactionNumber
        && $0.sharedFromTransactionNumber == nil
        && $0.purchaseDate <= latest.purchaseDate
    }.sorted { $0.purchaseDate < $1.purchaseDate }
    return chain.reversed().prefix { $0.reason == .renewal }.count
  }

  /// The catalog offer a period shows it was in, if the catalog knows it.
  private func offer(of record: PurchaseRecord) -> Offer? {
    guard let terms = catalog.product(record.productId)?.subscription else { return nil }
    if let id = record.promotionalOfferId { return terms.promotionalOffers.first { $0.id == id } }
    guard record.isTrialPeriod || record.isInIntroOfferPeriod else { return nil }
    return terms.introductoryOffer
  }

  private func resumeBillingRetry(
    of state: SubscriptionState, account: Account, since start: Date, graceUntil: Date?
  ) {
    state.phase = .billingRetry(since: start, graceUntil: graceUntil)
    let period =
      catalog.product(state.autoRenewProductId)?.subscription?.period
      ?? SubscriptionPeriod(value: 1, unit: .month)
    schedule(
      .billingRetryEnd, of: state, account: account,
      at: VirtualClock.addingUpToLatest(timeRate.billingRetrySpan(for: period), to: start))
    if let graceUntil, graceUntil > clock.now {
      schedule(.gracePeriodEnd, of: state, account: account, at: graceUntil)
    }
  }

  private func schedule(
    _ kind: ScheduledEventKind, of state: SubscriptionState, account: Account, at due: Date
  ) {
    scheduler.schedule(
      ScheduledEvent(kind: kind, subscription: state, account: account, generation: state.generation),
      at: max(due, clock.now))
  }
}

/// What is known of a subscription's renewal when it is imported (`pending_renewal_info`, a
/// signed renewal info); `nil` where nothing is known.
public struct SubscriptionRenewalFacts: Hashable, Sendable {
  /// Whether it renews; unknown means on while the period is current, off once it has ended.
  public var isAutoRenewOn: Bool?
  /// The product the next renewal is for; unknown means the current one.
  public var autoRenewProductId: String?
  /// Why it expired or will expire.
  public var expirationIntent: ExpirationIntent?
  /// Whether Apple is retrying a failed renewal.
  public var isInBillingRetry: Bool?
  /// When the billing grace period ends.
  public var gracePeriodExpiresDate: Date?
  /// Where a price increase stands.
  public var priceConsent: SubscriptionState.PriceConsent?

  /// Nothing known.
  public init() {}
}
