import Catalog
import Foundation
import Store

/// `Transaction.currentEntitlements` by Apple's rules, over an account's records at an instant:
///
/// - one transaction per non-consumable the account owns (bought, or shared by the family);
/// - the latest transaction of each auto-renewable subscription whose state is `subscribed` or
///   `inGracePeriod`;
/// - the latest transaction of each non-renewing subscription (StoreKit keeps it whatever its age:
///   the app decides when the service ends);
/// - never consumables, never refunded or revoked transactions, never expired or billing-retry
///   subscriptions.
///
/// In purchase order.
public enum CurrentEntitlements {
  /// The entitlements of an account now.
  public static func of(_ account: Account, at now: Date) -> [PurchaseRecord] {
    var latest: [String: PurchaseRecord] = [:]
    for record in account.history where !record.isCancelled && record.reason != .redownload {
      switch record.productType {
      case .consumable, .autoRenewable: continue
      case .nonConsumable:
        if latest[record.productId] == nil { latest[record.productId] = record }
      case .nonRenewing:
        latest[record.productId] = record
      }
    }
    var entitled = Array(latest.values)
    for state in account.subscriptions.values
    where RenewalState(state.status(at: now)).isEntitled && state.latestIndex < account.history.count {
      let record = account.history[state.latestIndex]
      if !record.isCancelled { entitled.append(record) }
    }
    return entitled.sorted {
      ($0.purchaseDate, $0.transactionNumber) < ($1.purchaseDate, $1.transactionNumber)
    }
  }

  /// `Transaction.currentEntitlement(for:)`: the entitlement to one product, if any.
  public static func of(_ account: Account, at now: Date, productId: String) -> PurchaseRecord? {
    of(account, at: now).last { $0.productId == productId }
  }

  /// `Transaction.all` (and `all(for:)`): every transaction of the account, refunded ones with their
  /// revocation, in purchase order; re-downloads are the same transactions again and are left out,
  /// and finished consumables too (StoreKit includes them only with
  /// `SKIncludeConsumableInAppPurchaseHistory`).
  public static func allTransactions(of account: Account, productId: String? = nil) -> [PurchaseRecord] {
    account.history.filter { record in
      guard record.reason != .redownload, productId == nil || record.productId == productId else {
        return false
      }
      return
        !(record.productType == .consumable
        && account.isFinished(transactionNumber: record.transactionNumber))
    }
  }
}
