/// Who hears what the store does on its own, outside any payment: renewals and revocations reach
/// the devices signed in to the account.
public protocol StoreListener: AnyObject {
  /// A subscription renewed (or recovered from billing retry) with a new transaction.
  func store(_ store: Store, didRenew record: PurchaseRecord, for account: Account)

  /// The account lost access to products (a refund, for instance).
  func store(_ store: Store, didRevoke productIds: [String], for account: Account)
}
