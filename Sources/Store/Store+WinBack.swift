import Catalog
import Foundation
import Vocabulary

extension Store {
  /// A month as win-back rules count them: thirty days.
  static let ruleMonth: TimeInterval = 30 * 86_400

  /// The win-back offers of a group a customer may redeem now, best first: the least paid per
  /// month of the offer, then the longest.
  public func eligibleWinBackOffers(group: String, account: Account) -> [(product: Product, offer: Offer)] {
    let offers = catalog.products(inGroup: group).flatMap { product in
      (product.subscription?.winBackOffers ?? []).map { (product: product, offer: $0) }
    }
    return offers.filter { winBackRefusal($0.offer, of: $0.product, account: account) == nil }.sorted {
      let (left, right) = (Self.costPerMonth($0.offer), Self.costPerMonth($1.offer))
      return left != right ? left < right : Self.months($0.offer) > Self.months($1.offer)
    }
  }

  /// Why a customer may not redeem a win-back offer now, if they may not: not churned, not paid
  /// long enough, churned too recently or too long ago, or redeemed one too recently.
  public func winBackRefusal(_ offer: Offer, of product: Product, account: Account) -> String? {
    guard let group = product.subscription?.group, let state = account.subscriptions[group] else {
      return "\(account.name) never subscribed to the group: win-back offers are for churned subscribers"
    }
    guard case .expired = state.phase else {
      return state.isLive
        ? "\(account.name) is subscribed to \(group) now" : "\(account.name)'s subscription was refunded"
    }
    let rules = product.subscription?.winBackRules[offer.id ?? ""] ?? .anyChurned
    let paid = paidMonths(in: group, account: account)
    if paid < rules.minimumPaidMonths {
      return
        "the offer needs \(rules.minimumPaidMonths) months of paid service; \(account.name) paid for \(paid)"
    }
    let churned = Int(clock.now.timeIntervalSince(state.expiresDate) / Self.ruleMonth)
    if churned < rules.minimumMonthsSinceChurn {
      return
        "the offer is for subscribers who left \(rules.minimumMonthsSinceChurn) months ago or more; \(account.name) left \(churned) months ago"
    }
    if let maximum = rules.maximumMonthsSinceChurn, churned > maximum {
      return
        "the offer is for subscribers who left at most \(maximum) months ago; \(account.name) left \(churned) months ago"
    }
    if rules.monthsBetweenRedemptions > 0, let last = lastWinBack(in: group, account: account),
      clock.now.timeIntervalSince(last) < Double(rules.monthsBetweenRedemptions) * Self.ruleMonth
    {
      return
        "\(account.name) redeemed a win-back offer \(Timestamp.iso8601(last)); the offer needs \(rules.monthsBetweenRedemptions) months between two"
    }
    return nil
  }

  /// A win-back offer of a product for a customer, or the error StoreKit gives and why.
  func winBackOffer(_ offerId: String, of product: Product, account: Account) -> Result<Offer, OfferRefusal> {
    guard let offer = product.subscription?.winBackOffers.first(where: { $0.id == offerId }) else {
      return .failure(
        OfferRefusal(error: .invalidOfferIdentifier, reason: "\(product.id) has no win-back offer \(offerId)")
      )
    }
    if let reason = winBackRefusal(offer, of: product, account: account) {
      return .failure(OfferRefusal(error: .ineligibleForOffer, reason: reason))
    }
    return .success(offer)
  }

  /// Buys a subscription with a win-back offer in the app (`PurchaseOption.winBackOffer`).
  func purchaseWinBack(
    _ offerId: String, of product: Product, account: Account
  ) -> Result<PurchaseRecord, SKErrorCode> {
    switch winBackOffer(offerId, of: product, account: account) {
    case .failure(let refusal): return .failure(report(refusal, of: offerId, for: product).error)
    case .success(let offer): return .success(buySubscription(product, account: account, offer: offer))
    }
  }

  /// Redeems a win-back offer outside the app, as the App Store's sheet or link does with
  /// Streamlined Purchasing: the customer subscribes again on the offer's terms (`SUBSCRIBED`
  /// `RESUBSCRIBE`), and the transaction reaches the account's devices as one made outside the app.
  public func redeemWinBack(_ offerId: String, account: Account) -> Result<PurchaseRecord, StoreError> {
    guard let product = product(ofWinBackOffer: offerId) else {
      return .failure(StoreError(.notFound, "no win-back offer \(offerId) in the catalog"))
    }
    switch winBackOffer(offerId, of: product, account: account) {
    case .failure(let refusal):
      return .failure(StoreError(.notAllowed, report(refusal, of: offerId, for: product).reason))
    case .success(let offer):
      report("winBackRedeemed", "\(offerId) (\(offer)) for \(product.id) by \(account.name)")
      let record = buySubscription(product, account: account, offer: offer)
      listener?.store(self, didCreateTransaction: record, for: account)
      return .success(record)
    }
  }

  /// The product a win-back offer belongs to.
  public func product(ofWinBackOffer offerId: String) -> Product? {
    catalog.products.first { $0.subscription?.winBackOffers.contains { $0.id == offerId } == true }
  }

  private func paidMonths(in group: String, account: Account) -> Int {
    let products = Set(catalog.products(inGroup: group).map(\.id))
    let seconds = account.history.filter {
      products.contains($0.productId) && $0.charged.amount > 0 && !$0.isCancelled
    }
    .reduce(0.0) { $0 + (($1.expiresDate ?? $1.purchaseDate).timeIntervalSince($1.purchaseDate)) }
    return Int((seconds / Self.ruleMonth).rounded())
  }

  private func lastWinBack(in group: String, account: Account) -> Date? {
    let products = Set(catalog.products(inGroup: group).map(\.id))
    return account.history.last { products.contains($0.productId) && $0.offer?.kind == .winBack }?
      .purchaseDate
  }

  private static func months(_ offer: Offer) -> Int {
    let duration = offer.duration
    switch duration.unit {
    case .day: return max(1, duration.value / 30)
    case .week: return max(1, duration.value / 4)
    case .month: return duration.value
    case .year: return duration.value * 12
    }
  }

  private static func costPerMonth(_ offer: Offer) -> Decimal {
    let total: Decimal =
      switch offer.mode {
      case .freeTrial: 0
      case .payAsYouGo: offer.price * Decimal(offer.numberOfPeriods)
      case .payUpFront, .oneTime: offer.price
      }
    return total / Decimal(months(offer))
  }
}
