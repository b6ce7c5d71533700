import Catalog
import Foundation

extension Store {
  /// Charges an account for a purchase made at an earlier instant, as StoreKit Testing's purchase
  /// option `.purchaseDate(_:renewalBehavior:)` does: the entry's purchase and original purchase
  /// dates are `date`, its price today's. An auto-renewable subscription's first period starts at
  /// `date` and its end is scheduled as the subscription engine schedules every period's, so the
  /// renewals due since come when the events due are next run (the world runs them at once); with
  /// ``BackdatedRenewal/cancelImmediately`` auto-renew is turned off from the start, so it expires
  /// at the end of that period. The clock does not move.
  ///
  /// Like a purchase made outside the app, it does not go through a device's queue: Ask to Buy,
  /// interrupted purchases and errors armed for `buy` do not apply.
  ///
  /// - Parameters:
  ///   - productId: the product bought.
  ///   - date: when it was bought: not after now, not before 1970.
  ///   - renewal: what a subscription does until now.
  ///   - account: who bought it.
  /// - Returns: the purchase's entry.
  /// - Throws: ``StoreError`` for a date in the future or before 1970, an unknown product or one not
  ///   cleared for sale, a non-consumable the account owns, or a subscription whose group has a
  ///   live subscription or one whose last period ends after `date`.
  public func chargeBackdated(
    productId: String, at date: Date, renewal: BackdatedRenewal, account: Account
  ) throws(StoreError) -> PurchaseRecord {
    let product = try backdatable(productId, at: date, account: account)
    report(
      "backdated", "\(productId) bought \(Timestamp.iso8601(date)) (account \(account.name))",
      [
        .init("product", productId), .init("purchaseDate", Timestamp.iso8601(date)),
        .init("account", account.name),
      ])
    switch product.type {
    case .autoRenewable:
      let previous = product.subscription.flatMap { account.subscriptions[$0.group] }
      let record = subscribe(
        to: product, account: account, continuing: previous, offer: nil,
        announcing: (.subscribed, previous == nil ? .initialBuy : .resubscribe), at: date)
      if renewal == .cancelImmediately { try setAutoRenew(false, productId: product.id, account: account) }
      return record
    case .consumable, .nonConsumable, .nonRenewing:
      return chargeOnce(product, account: account, at: date)
    }
  }

  /// The product a backdated purchase buys, once the date and the account's purchases allow it.
  private func backdatable(_ productId: String, at date: Date, account: Account) throws(StoreError) -> Product
  {
    guard date <= clock.now else {
      throw StoreError(
        .invalidValue,
        "a backdated purchase needs a date in the past: \(Timestamp.iso8601(date)) is after now, \(Timestamp.iso8601(clock.now))"
      )
    }
    guard date >= VirtualClock.earliest else {
      throw StoreError(
        .invalidValue,
        "a purchase date cannot be before \(Timestamp.iso8601(VirtualClock.earliest)), not \(Timestamp.iso8601(date))"
      )
    }
    guard let product = catalog.product(productId) else {
      throw StoreError(.unknownProduct, catalog.unknownProductReason(productId))
    }
    guard product.isClearedForSale else {
      throw StoreError(.notAllowed, "\(productId) is not cleared for sale")
    }
    if product.type == .nonConsumable, let owned = account.ownedPurchase(of: productId) {
      throw StoreError(
        .conflict,
        "account \(account.name) owns \(productId) since \(Timestamp.iso8601(owned.purchaseDate)) (transaction \(owned.transactionId))"
      )
    }
    if let group = product.subscription?.group, let state = account.subscriptions[group] {
      guard !state.isLive else {
        throw StoreError(
          .conflict,
          "account \(account.name) is subscribed to \(state.productId) in group \(group): a backdated purchase starts a subscription"
        )
      }
      guard date >= state.expiresDate else {
        throw StoreError(
          .conflict,
          "the last period of \(state.productId) in group \(group) ends \(Timestamp.iso8601(state.expiresDate)), after \(Timestamp.iso8601(date))"
        )
      }
    }
    return product
  }
}
