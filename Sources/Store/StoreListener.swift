/// Who hears what the store does on its own, outside any payment: renewals and revocations reach
/// the devices signed in to the account.
public protocol StoreListener: AnyObject {
  /// A transaction was made outside any payment on the account's devices: a subscription renewed
  /// (or recovered from billing retry), or a family member's purchase was shared.
  func store(_ store: Store, didCreateTransaction record: PurchaseRecord, for account: Account)

  /// The account lost access to products (a refund, for instance).
  func store(_ store: Store, didRevoke productIds: [String], for account: Account)

  /// A consumable was refunded: StoreKit 2 tells the app (its `Transaction.updates` gives the
  /// transaction again, with its revocation date); StoreKit 1 says nothing.
  func store(_ store: Store, didRefundConsumable record: PurchaseRecord, for account: Account)

  /// The account's access to an auto-renewable subscription's product ended: it expired, it
  /// entered billing retry with no grace period, or its grace period ended (the group no longer
  /// entitles); or an upgrade, or a change of plan at the renewal, replaced the product with
  /// another of its group. A renewal (billing recovery) gives access back through
  /// ``store(_:didCreateTransaction:for:)``.
  func store(
    _ store: Store, didEndAccessTo productId: String, for account: Account, because reason: AccessEnd)

  /// Something happened that the App Store tells the app's server about (a server notification).
  func store(_ store: Store, didPublish event: ServerEvent)
}

extension StoreListener {
  /// Listeners that do not follow the server side ignore its events.
  public func store(_ store: Store, didPublish event: ServerEvent) {}

  /// Listeners that have no StoreKit 2 app ignore refunded consumables.
  public func store(_ store: Store, didRefundConsumable record: PurchaseRecord, for account: Account) {}
}
