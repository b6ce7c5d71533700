import Catalog
import Foundation

/// Why Apple refuses to extend a subscription's renewal date.
public enum RenewalExtensionRefusal: Error, Hashable, Sendable {
  /// The subscription is not active (expired, revoked, in billing retry), or not a subscription.
  case ineligible
  /// A family member's shared subscription: only the purchaser's can be extended.
  case familyShared
  /// Two extensions were given within the last 365 days already.
  case maximumReached
}

/// What a mass renewal-date extension did.
public struct MassRenewalExtension: Hashable, Sendable {
  /// One subscription: its account and original transaction.
  public struct Subscriber: Hashable, Sendable {
    /// The account's name.
    public var account: String
    /// The subscription's original transaction number.
    public var originalTransactionNumber: UInt64
  }

  /// The subscriptions extended.
  public var succeeded: [Subscriber] = []
  /// How many active subscribers could not be extended.
  public var failedCount = 0
  /// How many were extended.
  public var succeededCount: Int { succeeded.count }
}

extension Store {
  /// The most extensions Apple gives one subscription within 365 days.
  public static let maximumExtensionsPerYear = 2

  /// Extends a subscription's current period by `days` (App Store Server API "Extend a
  /// Subscription Renewal Date"): the period's expiry moves, the renewal is rescheduled, and the
  /// app's server hears `RENEWAL_EXTENDED`. At accelerated time rates a day is scaled as grace
  /// days are (see ``TimeRate/graceSpan(days:for:)``).
  ///
  /// - Parameters:
  ///   - originalTransactionNumber: The subscription's original transaction.
  ///   - days: How many days (the caller checks 1…90).
  ///   - account: The account holding it.
  ///   - publishes: Whether the server hears `RENEWAL_EXTENDED` (a mass extension says no).
  /// - Throws: ``RenewalExtensionRefusal`` when Apple would refuse; nothing changes then.
  /// - Returns: The current period's record, with its new expiry.
  @discardableResult
  public func extendRenewalDate(
    originalTransactionNumber: UInt64, days: Int, account: Account, publishes: Bool = true
  ) throws(RenewalExtensionRefusal) -> PurchaseRecord {
    let state = try extensibleSubscription(originalTransactionNumber, account: account)
    let period =
      catalog.product(state.productId)?.subscription?.period ?? SubscriptionPeriod(value: 1, unit: .month)
    let newExpiry = VirtualClock.addingUpToLatest(
      timeRate.graceSpan(days: days, for: period), to: state.expiresDate)
    state.expiresDate = newExpiry
    state.extensionDates.append(clock.now)
    state.generation += 1
    account.update(at: state.latestIndex) { $0.expiresDate = newExpiry }
    scheduler.schedule(
      ScheduledEvent(kind: .periodEnd, subscription: state, account: account, generation: state.generation),
      at: newExpiry)
    let record = account.history[state.latestIndex]
    report(
      "renewalExtended",
      "\(state.productId) of \(account.name) by \(Wording.plural(days, "day")), now expires \(Timestamp.iso8601(newExpiry))",
      [
        .init("product", state.productId), .init("account", account.name), .init("days", String(days)),
        .init("expires", Timestamp.iso8601(newExpiry)),
      ])
    if publishes {
      publish(.renewalExtended, account: account, transactionNumber: record.transactionNumber)
    }
    return record
  }

  /// Extends every active subscription to a product by `days` (App Store Server API "Extend
  /// Subscription Renewal Dates for All Active Subscribers"), in the given storefronts only when
  /// some are given. Subscribers Apple cannot extend are counted as failed, and the server hears
  /// `RENEWAL_EXTENSION/FAILURE` for each.
  ///
  /// - Parameters:
  ///   - productId: The subscription product.
  ///   - days: How many days.
  ///   - storefronts: Storefront codes (alpha-3) to limit it to, or `nil` for all.
  /// - Returns: Who was extended and how many failed.
  public func extendRenewalDates(
    productId: String, days: Int, storefronts: Set<String>?
  ) -> MassRenewalExtension {
    var result = MassRenewalExtension()
    for account in allAccounts {
      for state in account.subscriptions.values.sorted(by: { $0.group < $1.group })
      where state.isLive && state.productId == productId {
        let latest = account.history[state.latestIndex]
        if let storefronts, !storefronts.contains(latest.storefront) { continue }
        do {
          try extendRenewalDate(
            originalTransactionNumber: state.originalTransactionNumber, days: days, account: account,
            publishes: false)
          result.succeeded.append(
            .init(account: account.name, originalTransactionNumber: state.originalTransactionNumber))
        } catch {
          result.failedCount += 1
          publish(.renewalExtension, .failure, account: account, transactionNumber: latest.transactionNumber)
        }
      }
    }
    report(
      "massRenewalExtension",
      "\(productId) by \(Wording.plural(days, "day")): \(result.succeededCount) extended, \(result.failedCount) failed"
    )
    return result
  }

  /// The subscription an original transaction starts, if Apple may extend it now.
  private func extensibleSubscription(
    _ number: UInt64, account: Account
  ) throws(RenewalExtensionRefusal) -> SubscriptionState {
    if let index = account.index(ofTransaction: number), account.history[index].isFamilyShared {
      throw .familyShared
    }
    guard
      let state = account.subscriptions.values.first(where: { $0.originalTransactionNumber == number }),
      state.phase == .active
    else { throw .ineligible }
    let yearAgo = clock.now.addingTimeInterval(-365 * 86_400)
    guard state.extensionDates.filter({ $0 > yearAgo }).count < Self.maximumExtensionsPerYear else {
      throw .maximumReached
    }
    return state
  }
}
