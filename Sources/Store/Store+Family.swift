import Catalog
import Foundation

extension Store {
  /// The accounts of the family, organizer first; empty when there is none.
  public var familyMembers: [String] { family }

  /// Adds an account to the organizer's family (creating the family), and shares what each side
  /// bought that is family-shareable.
  ///
  /// - Throws: ``StoreError`` for an unknown account, or one already in the family.
  public func addToFamily(_ name: String, organizer: Account) throws(StoreError) {
    guard let member = account(named: name) else {
      throw StoreError(.notFound, "no account named \(name) (`account add \(name)`)")
    }
    guard member !== organizer else { throw StoreError(.conflict, "\(name) organizes the family already") }
    if family.isEmpty { family = [organizer.name] }
    guard family.contains(organizer.name) else {
      throw StoreError(.notFound, "\(organizer.name) is not in the family")
    }
    guard !family.contains(name) else { throw StoreError(.conflict, "\(name) is in the family already") }
    let others = family.compactMap { account(named: $0) }
    family.append(name)
    report("familyJoined", "\(name) joined the family of \(family[0])")
    for other in others {
      for record in shareable(of: other) { share(record, from: other, with: member) }
      for record in shareable(of: member) { share(record, from: member, with: other) }
    }
  }

  /// An account leaves the family: it loses what others shared, and they lose what it shared.
  public func removeFromFamily(_ name: String) throws(StoreError) {
    guard let leaver = account(named: name), family.contains(name) else {
      throw StoreError(.notFound, "\(name) is not in the family")
    }
    family.removeAll { $0 == name }
    report("familyLeft", "\(name) left the family")
    let others = family.compactMap { account(named: $0) }
    revokeShares(in: leaver, at: Array(leaver.history.indices))
    let fromLeaver = leaver.history.map(\.transactionNumber)
    for other in others {
      revokeShares(in: other, at: fromLeaver.flatMap { other.indices(sharedFrom: $0) })
    }
    if family.count == 1 { family = [] }
  }

  /// Shares a new purchase or renewal with the rest of the purchaser's family.
  func shareWithFamily(_ record: PurchaseRecord, purchaser: Account) {
    guard family.contains(purchaser.name), isShareable(record) else { return }
    for name in family where name != purchaser.name {
      if let member = account(named: name) { share(record, from: purchaser, with: member) }
    }
  }

  /// Revokes, in every family member's history, what was shared from a purchaser's transaction.
  func revokeFamilyShares(of number: UInt64, reason: PurchaseRecord.CancellationReason) {
    for name in family {
      guard let member = account(named: name) else { continue }
      revokeShares(in: member, at: member.indices(sharedFrom: number), reason: reason)
    }
  }

  private func isShareable(_ record: PurchaseRecord) -> Bool {
    guard !record.isCancelled, !record.isFamilyShared, record.reason != .redownload,
      let product = catalog.product(record.productId), product.isFamilyShareable
    else { return false }
    switch record.productType {
    case .nonConsumable, .autoRenewable: return true
    case .consumable, .nonRenewing: return false
    }
  }

  /// What an account bought that its family shares: owned non-consumables and live subscriptions' current periods.
  private func shareable(of account: Account) -> [PurchaseRecord] {
    account.history.enumerated().compactMap { index, record in
      guard isShareable(record) else { return nil }
      if record.productType == .autoRenewable {
        let live = account.subscriptions.values.contains { $0.latestIndex == index && $0.isLive }
        return live ? record : nil
      }
      return record
    }
  }

  private func share(_ record: PurchaseRecord, from purchaser: Account, with member: Account) {
    guard member.indices(sharedFrom: record.transactionNumber).isEmpty else { return }
    let event = sharingEvent(of: record, with: member)
    var shared = record
    let number = makeTransactionNumber()
    shared.transactionNumber = number
    shared.originalTransactionNumber = number
    shared.originalPurchaseDate = clock.now
    shared.purchaseDate = clock.now
    shared.charged = Price(amount: 0, currency: record.charged.currency)
    shared.reason = .familyShare
    shared.sharedFromTransactionNumber = record.transactionNumber
    member.append(shared)
    report(
      "familyShared", "\(record.productId) from \(purchaser.name) to \(member.name) (transaction \(number))",
      [.init("product", record.productId), .init("from", purchaser.name), .init("to", member.name)])
    publish(event.kind, event.subtype, account: member, transactionNumber: number)
    listener?.store(self, didCreateTransaction: shared, for: member)
  }

  /// What the app's server hears when a family member is given a purchase: `ONE_TIME_CHARGE` for a
  /// non-consumable; for a subscription, `DID_RENEW` for a renewal, else `SUBSCRIBED` with
  /// `RESUBSCRIBE` when the member had access to the group before, `INITIAL_BUY` when not.
  private func sharingEvent(
    of record: PurchaseRecord, with member: Account
  ) -> (kind: ServerEvent.Kind, subtype: ServerEvent.Subtype?) {
    switch record.productType {
    case .autoRenewable:
      if record.reason == .renewal { return (.didRenew, nil) }
      let group = catalog.product(record.productId)?.subscription?.group
      let hadAccess = member.history.contains {
        $0.isFamilyShared && $0.productType == .autoRenewable
          && catalog.product($0.productId)?.subscription?.group == group
      }
      return (.subscribed, hadAccess ? .resubscribe : .initialBuy)
    case .nonConsumable, .consumable, .nonRenewing:
      return (.oneTimeCharge, nil)
    }
  }

  /// Cancels the shared entries among `indices` that are still in force.
  private func revokeShares(
    in member: Account, at indices: [Int], reason: PurchaseRecord.CancellationReason = .other
  ) {
    var revoked: [String] = []
    var numbers: [UInt64] = []
    for index in indices.sorted() {
      let record = member.history[index]
      guard record.isFamilyShared, !record.isCancelled else { continue }
      member.update(at: index) {
        $0.cancellationDate = clock.now
        $0.cancellationReason = reason
      }
      revoked.append(record.productId)
      numbers.append(record.transactionNumber)
    }
    guard !revoked.isEmpty else { return }
    report("familyRevoked", "\(member.name) loses \(revoked.joined(separator: ", "))")
    for number in numbers { publish(.revoke, account: member, transactionNumber: number) }
    listener?.store(self, didRevoke: revoked, for: member)
  }
}
