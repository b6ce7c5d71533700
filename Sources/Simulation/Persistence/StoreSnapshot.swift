import Catalog
import Foundation
import Store
import Vocabulary

/// Apple's side of a saved world apart from the accounts: the clock, storefront and locale, time
/// rate, switches, armed faults, price increases, family, refund requests, identifier generators
/// and the subscription events due.
struct StoreSnapshot: Codable, Hashable {
  var clock: Double
  var storefront: String
  var locale: String
  var timeRate: String
  var isBillingRetryOn: Bool
  var gracePeriodDays: Int?
  var isAskToBuyOn: Bool
  var isAskToBuyDeclineSilent: Bool
  var isInterruptedPurchasesOn: Bool
  var armedFaults: [ArmedFaultSnapshot]
  var priceOverrides: [PriceOverrideSnapshot]
  var family: [String]
  var refundRequests: [RefundRequestSnapshot]
  var nextTransactionId: String
  var nextWebOrderLineItemId: String
  /// The app download transaction the next account gets; absent in worlds saved before
  /// storebench kept them.
  var nextAppTransactionId: String?
  var scheduledEvents: [ScheduledEventSnapshot]
  /// The offer codes made and redeemed; absent in worlds saved before storebench had them.
  var offerCodes: [OfferCodeSnapshot]?
  /// How many one-time codes were made; absent with `offerCodes`.
  var oneTimeCodesMade: UInt64?
  /// Streamlined Purchasing, written only when off (absent: on, as App Store Connect's default).
  var streamlinedPurchasing: Bool?
  /// What the timeline draws beside the records (failed renewals, refund requests, Ask to Buy);
  /// absent when there are none, and in worlds saved before storebench kept them.
  var milestones: [MilestoneSnapshot]?

  init(_ store: Store) {
    clock = store.clock.now.secondsSince1970
    storefront = store.storefront.id
    locale = store.locale
    timeRate = store.timeRate.rawValue
    isBillingRetryOn = store.isBillingRetryOn
    gracePeriodDays = store.gracePeriodDays
    isAskToBuyOn = store.isAskToBuyOn
    isAskToBuyDeclineSilent = store.isAskToBuyDeclineSilent
    isInterruptedPurchasesOn = store.isInterruptedPurchasesOn
    let armed = store.faults.armedErrors
    armedFaults = FaultPlan.API.allCases.compactMap { api in
      armed[api].map { ArmedFaultSnapshot(api: api.rawValue, errors: $0.map(\.rawValue)) }
    }
    priceOverrides = store.priceOverridesByProduct.sorted { $0.key < $1.key }.map {
      PriceOverrideSnapshot(productId: $0.key, amount: "\($0.value)")
    }
    family = store.familyMembers
    refundRequests = store.refundRequests.keys.sorted().compactMap { store.refundRequests[$0] }.map(
      RefundRequestSnapshot.init)
    nextTransactionId = String(store.nextTransactionNumber)
    nextWebOrderLineItemId = String(store.nextWebOrderLineItemNumber)
    nextAppTransactionId = String(store.nextAppTransactionNumber)
    scheduledEvents = store.pendingSubscriptionEvents.map(ScheduledEventSnapshot.init)
    if !store.isStreamlinedPurchasingOn { streamlinedPurchasing = false }
    if !store.offerCodes.codes.isEmpty || store.offerCodes.oneTimeCount > 0 {
      offerCodes = store.offerCodes.codes.map(OfferCodeSnapshot.init)
      oneTimeCodesMade = store.offerCodes.oneTimeCount
    }
    if !store.milestones.isEmpty { milestones = store.milestones.map(MilestoneSnapshot.init) }
  }

  /// Sets a fresh store's switches, clock and storefront as saved.
  func applySettings(to store: Store, at path: String) throws(WorldFileError) {
    do {
      try store.setClock(to: SnapshotPath.date(clock))
      try store.setStorefront(storefront)
    } catch {
      throw WorldFileError(path: path, reason: error.description)
    }
    store.locale = locale
    store.timeRate = try SnapshotPath.parse(timeRate, as: TimeRate.self, at: path + ".timeRate")
    store.isBillingRetryOn = isBillingRetryOn
    store.gracePeriodDays = gracePeriodDays
    store.isAskToBuyOn = isAskToBuyOn
    store.isAskToBuyDeclineSilent = isAskToBuyDeclineSilent
    store.isInterruptedPurchasesOn = isInterruptedPurchasesOn
    var armed: [FaultPlan.API: [SKErrorCode]] = [:]
    for (index, entry) in armedFaults.enumerated() {
      let (api, errors) = try entry.errors(at: "\(path).armedFaults[\(index)]")
      armed[api, default: []] += errors
    }
    store.faults = FaultPlan(armed: armed)
    store.isStreamlinedPurchasingOn = streamlinedPurchasing ?? true
    var codes: [OfferCode] = []
    for (index, entry) in (offerCodes ?? []).enumerated() {
      codes.append(try entry.code(at: "\(path).offerCodes[\(index)]"))
    }
    store.offerCodes = OfferCodeBook(
      codes: codes, seed: store.offerCodes.seed, oneTimeCount: oneTimeCodesMade ?? 0)
    var saved: [Milestone] = []
    for (index, entry) in (milestones ?? []).enumerated() {
      saved.append(try entry.milestone(at: "\(path).milestones[\(index)]"))
    }
    store.restore(milestones: saved)
  }

  /// Gives a store the saved accounts and what ties them together.
  func restoreRecords(of store: Store, accounts: [Account], at path: String) throws(WorldFileError) {
    var overrides: [String: Decimal] = [:]
    for (index, entry) in priceOverrides.enumerated() {
      overrides[entry.productId] = try SnapshotPath.decimal(
        entry.amount, at: "\(path).priceOverrides[\(index)].amount")
    }
    var requests: [UInt64: RefundRequest] = [:]
    for (index, entry) in refundRequests.enumerated() {
      let request = try entry.request(at: "\(path).refundRequests[\(index)]")
      requests[request.transactionNumber] = request
    }
    var events: [PendingSubscriptionEvent] = []
    for (index, entry) in scheduledEvents.enumerated() {
      events.append(try entry.event(at: "\(path).scheduledEvents[\(index)]"))
    }
    let nextTransaction = try SnapshotPath.number(nextTransactionId, at: path + ".nextTransactionId")
    let nextLineItem = try SnapshotPath.number(nextWebOrderLineItemId, at: path + ".nextWebOrderLineItemId")
    let nextAppTransaction = try SnapshotPath.number(
      optional: nextAppTransactionId, at: path + ".nextAppTransactionId")
    do {
      try store.restore(
        accounts: accounts, family: family, priceOverrides: overrides, refundRequests: requests,
        nextTransactionNumber: nextTransaction, nextWebOrderLineItemNumber: nextLineItem,
        nextAppTransactionNumber: nextAppTransaction, events: events)
    } catch {
      throw WorldFileError(path: path, reason: error.description)
    }
  }
}
