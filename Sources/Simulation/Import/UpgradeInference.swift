import Foundation
import Store

/// Finds the upgrades in a customer's records. Apple marks the period an upgrade replaced
/// (`is_upgraded`, `isUpgraded`) and starts the new product's period at once, in the same chain of
/// original transactions; nothing marks the new period itself, which would otherwise read as a
/// renewal. The upgrade is the first later purchase of the chain: at the upgraded period's
/// cancellation date when the data shows one (verifyReceipt answers do), else before the period's
/// end (signed transactions show no revocation date for an upgrade).
public enum UpgradeInference {
  /// One period of a chain, from the data or from the world.
  private struct Period {
    var number: UInt64
    var productId: String
    var purchaseDate: Date
    var expiresDate: Date?
    var cancellationDate: Date?
    var isUpgraded: Bool
    var reason: PurchaseRecord.Reason?

    init(_ record: PurchaseRecord) {
      number = record.transactionNumber
      productId = record.productId
      purchaseDate = record.purchaseDate
      expiresDate = record.expiresDate
      cancellationDate = record.cancellationDate
      isUpgraded = record.isUpgraded
      reason = record.reason
    }

    init(_ transaction: CustomerTransaction, held: Period?) {
      number = transaction.transactionNumber
      productId = transaction.productId
      purchaseDate = transaction.purchaseDate
      expiresDate = transaction.expiresDate
      cancellationDate = transaction.cancellationDate ?? held?.cancellationDate
      isUpgraded = transaction.isUpgraded ?? held?.isUpgraded ?? false
      reason = transaction.reason
    }
  }

  /// Gives the data's transactions what their upgrades say: an upgrade's purchase is marked so
  /// (``CustomerTransaction/isUpgradePurchase``), and an upgraded period without a cancellation
  /// date ends at the upgrade, as the store records its own upgrades. The same holds for records
  /// the world already has (imported before, from another file): what changes for them is
  /// returned.
  ///
  /// - Parameters:
  ///   - transactions: The data's transactions, once each.
  ///   - held: The account's history, for periods imported before.
  /// - Returns: The held records the upgrades change (not among `transactions`), as they become,
  ///   each with what changed, for the import's report.
  static func apply(
    to transactions: inout [CustomerTransaction], held: [PurchaseRecord]
  ) -> [(record: PurchaseRecord, change: String)] {
    let chains = Set(transactions.filter { $0.expiresDate != nil }.map(\.originalTransactionNumber))
    guard !chains.isEmpty else { return [] }
    var periods: [UInt64: [UInt64: Period]] = [:]
    for record in held where chains.contains(record.originalTransactionNumber) && record.expiresDate != nil {
      periods[record.originalTransactionNumber, default: [:]][record.transactionNumber] = Period(record)
    }
    for transaction in transactions where chains.contains(transaction.originalTransactionNumber) {
      let chain = transaction.originalTransactionNumber
      periods[chain, default: [:]][transaction.transactionNumber] = Period(
        transaction, held: periods[chain]?[transaction.transactionNumber])
    }
    var purchases: Set<UInt64> = []
    var cancelled: [UInt64: Date] = [:]
    for chain in periods.values {
      let ordered = chain.values.sorted { ($0.purchaseDate, $0.number) < ($1.purchaseDate, $1.number) }
      for upgraded in ordered where upgraded.isUpgraded {
        guard let next = replacement(of: upgraded, in: ordered) else { continue }
        purchases.insert(next.number)
        if upgraded.cancellationDate == nil { cancelled[upgraded.number] = next.purchaseDate }
      }
    }
    for index in transactions.indices {
      let number = transactions[index].transactionNumber
      if purchases.contains(number) { transactions[index].isUpgradePurchase = true }
      if let date = cancelled[number], transactions[index].cancellationDate == nil {
        transactions[index].cancellationDate = date
      }
    }
    let imported = Set(transactions.map(\.transactionNumber))
    return held.compactMap { record in
      guard !imported.contains(record.transactionNumber) else { return nil }
      var changed = record
      var changes: [String] = []
      if purchases.contains(record.transactionNumber), record.reason == .renewal {
        changed.reason = .purchase
        changes.append("an upgrade, so a purchase, not a renewal")
      }
      if let date = cancelled[record.transactionNumber] {
        changed.cancellationDate = date
        changed.refunded = changed.unusedShare(at: date)
        changes.append("upgraded, so it ended at the upgrade, \(Timestamp.iso8601Milliseconds(date))")
      }
      guard !changes.isEmpty else { return nil }
      return (
        changed, "transaction \(record.transactionId) \(record.productId): \(changes.joined(separator: "; "))"
      )
    }
  }

  /// The upgrades an account's records show, as the milestones the store notes when it upgrades
  /// (`DID_CHANGE_RENEWAL_PREF/UPGRADE`, at the upgrade, for the new period): what the timeline
  /// draws as an upgrade. An import of the records, or of the `import transaction` lines an
  /// exported script states them with, notes them again.
  ///
  /// - Parameter account: The account.
  /// - Returns: One milestone per upgrade purchase, in time order.
  public static func milestones(in account: Account) -> [Milestone] {
    upgrades(in: account).map(\.milestone)
  }

  /// The upgrades an account's records show: each upgraded period's transaction, and the
  /// milestone of the purchase that replaced it, in time order.
  static func upgrades(in account: Account) -> [(upgraded: UInt64, milestone: Milestone)] {
    var chains: [UInt64: [Period]] = [:]
    for record in account.history where record.productType == .autoRenewable && !record.isFamilyShared {
      chains[record.originalTransactionNumber, default: []].append(Period(record))
    }
    var found: [(upgraded: UInt64, milestone: Milestone)] = []
    for chain in chains.values {
      let ordered = chain.sorted { ($0.purchaseDate, $0.number) < ($1.purchaseDate, $1.number) }
      for upgraded in ordered where upgraded.isUpgraded {
        guard let next = replacement(of: upgraded, in: ordered), next.reason == .purchase else { continue }
        let milestone = Milestone(
          time: next.purchaseDate, accountName: account.name, transactionNumber: next.number,
          productId: next.productId, kind: .notice(.didChangeRenewalPref, .upgrade))
        found.append((upgraded.number, milestone))
      }
    }
    return found.sorted { ($0.milestone.time, $0.upgraded) < ($1.milestone.time, $1.upgraded) }
  }

  /// The period that replaced an upgraded one: the first later purchase of the chain, on the
  /// upgraded period's cancellation date (to the second) when it has one, else before its end.
  private static func replacement(of upgraded: Period, in ordered: [Period]) -> Period? {
    ordered.first { period in
      guard period.number != upgraded.number, period.purchaseDate > upgraded.purchaseDate else {
        return false
      }
      if let cancelled = upgraded.cancellationDate {
        return abs(period.purchaseDate.timeIntervalSince(cancelled)) < 1
      }
      return upgraded.expiresDate.map { period.purchaseDate < $0 } ?? false
    }
  }
}
