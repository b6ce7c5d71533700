import Catalog
import Foundation
import Vocabulary

extension Store {
  /// Buys an auto-renewable subscription following Apple's group rules: one active subscription per
  /// group; an upgrade (higher level, or same level and same duration) takes effect now and refunds
  /// the unused time; a downgrade (lower level, or same level and another duration) takes effect at
  /// the next renewal; an introductory offer once per group per account; a promotional offer only
  /// for current or lapsed subscribers. Where nothing is charged now (a downgrade, buying the
  /// current plan again) the answer is the current period's transaction, as StoreKit 2 gives it.
  func purchaseSubscription(
    _ product: Product, account: Account, offerId: String?, introductoryOffer: Bool? = nil,
    billingPlan: BillingPlan.Kind? = nil
  ) -> Result<PurchaseRecord, SKErrorCode> {
    guard product.subscription != nil else { return .failure(.storeProductNotAvailable) }
    if let billingPlan, let refusal = refusal(of: billingPlan, for: product, offerId: offerId) {
      report("billingPlanRefused", "\(product.id) \(billingPlan.rawValue): \(refusal)")
      return .failure(.paymentInvalid)
    }
    if let offerId, let group = product.subscription?.group, let state = account.subscriptions[group],
      state.isLive, let commitment = state.commitment
    {
      report(
        "offerRefused",
        "\(product.id) \(offerId): \(SKErrorCode.invalidOfferIdentifier.name): the subscription is in a commitment "
          + "billed monthly until \(Timestamp.iso8601(commitment.expiresDate)), which takes no promotional offer"
      )
      return .failure(.invalidOfferIdentifier)
    }
    var promotional: Offer?
    if let offerId {
      switch promotionalOffer(offerId, of: product, account: account) {
      case .success(let offer): promotional = offer
      case .failure(let refusal): return .failure(report(refusal, of: offerId, for: product).error)
      }
    }
    return .success(
      buySubscription(
        product, account: account, offer: promotional, introductoryOffer: introductoryOffer,
        billingPlan: billingPlan))
  }

  /// Why a product cannot be bought with a billing plan and an offer: the plan must be the
  /// product's, and a commitment billed monthly takes no promotional offer.
  private func refusal(of plan: BillingPlan.Kind, for product: Product, offerId: String?) -> String? {
    if let reason = billingPlanRefusal(plan, of: product) { return reason }
    guard plan == .monthly, let offerId else { return nil }
    return "a commitment billed monthly takes no promotional offer (\(offerId))"
  }

  /// Why a promotional offer cannot be had, with the error StoreKit gives.
  struct OfferRefusal: Error {
    var error: SKErrorCode
    var reason: String
  }

  /// Logs why an offer was refused (`offerRefused`), and gives the refusal back.
  func report(_ refusal: OfferRefusal, of offerId: String, for product: Product) -> OfferRefusal {
    report("offerRefused", "\(product.id) \(offerId): \(refusal.error.name): \(refusal.reason)")
    return refusal
  }

  /// A product's promotional offer for a customer: one of its group's offers (11
  /// `invalidOfferIdentifier`), priced below the regular price (14 `invalidOfferPrice`), for a
  /// current or lapsed subscriber of the group (18 `ineligibleForOffer`).
  func promotionalOffer(
    _ offerId: String, of product: Product, account: Account
  ) -> Result<Offer, OfferRefusal> {
    guard let terms = product.subscription else {
      return .failure(
        OfferRefusal(error: .invalidOfferIdentifier, reason: "\(product.id) is not a subscription"))
    }
    guard let offer = terms.promotionalOffers.first(where: { $0.id == offerId }) else {
      let elsewhere = catalog.products.first {
        $0.subscription?.promotionalOffers.contains { $0.id == offerId } == true
      }
      let known = terms.promotionalOffers.compactMap(\.id)
      return .failure(
        OfferRefusal(
          error: .invalidOfferIdentifier,
          reason: elsewhere.map { "the offer belongs to \($0.id), not \(product.id)" }
            ?? "\(product.id) has no promotional offer \(offerId)"
            + (known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))")))
    }
    let regular = price(of: product)
    if offer.mode != .freeTrial, offer.price >= regular.amount {
      let offered = Price(amount: offer.price, currency: regular.currency)
      return .failure(
        OfferRefusal(
          error: .invalidOfferPrice,
          reason: "the offer's price \(offered) is not below the regular price \(regular)"))
    }
    guard account.subscriptions[terms.group] != nil else {
      return .failure(
        OfferRefusal(
          error: .ineligibleForOffer,
          reason:
            "\(account.name) never subscribed to \(terms.group): promotional offers are for current and lapsed subscribers"
        ))
    }
    return .success(offer)
  }

  /// Buys an auto-renewable subscription with an offer already found eligible (or none): a new or
  /// lapsed subscriber subscribes now, an active one changes plan or redeems the offer from the
  /// next renewal.
  func buySubscription(
    _ product: Product, account: Account, offer promotional: Offer?, introductoryOffer: Bool? = nil,
    billingPlan: BillingPlan.Kind? = nil
  ) -> PurchaseRecord {
    let existing = product.subscription.flatMap { account.subscriptions[$0.group] }
    guard let existing, existing.isLive else {
      let subtype: ServerEvent.Subtype = existing == nil ? .initialBuy : .resubscribe
      return subscribe(
        to: product, account: account, continuing: existing, offer: promotional,
        announcing: (.subscribed, subtype), introductoryOffer: introductoryOffer, billingPlan: billingPlan)
    }
    return changePlan(
      of: existing, to: product, account: account, offer: promotional, billingPlan: billingPlan)
  }

  /// Starts a subscription (or a new product in its group) now, or at `date` for a backdated
  /// purchase; the app's server hears `announcing`. A commitment billed monthly starts without the
  /// introductory offer (the catalog keeps only the offer of the plan billed up front).
  func subscribe(
    to product: Product, account: Account, continuing previous: SubscriptionState?, offer promotional: Offer?,
    announcing event: (kind: ServerEvent.Kind, subtype: ServerEvent.Subtype), introductoryOffer: Bool? = nil,
    at date: Date? = nil, billingPlan: BillingPlan.Kind? = nil
  ) -> PurchaseRecord {
    let purchaseDate = date ?? clock.now
    let group = product.subscription!.group
    var offer = promotional
    if offer == nil, billingPlan != .monthly, let intro = product.subscription?.introductoryOffer,
      introductoryOffer ?? isEligibleForIntroductoryOffer(group: group, account: account)
    {
      offer = intro
      account.introductoryOfferGroups.insert(group)
    }
    let number = makeTransactionNumber()
    var record = PurchaseRecord(
      transactionNumber: number, originalTransactionNumber: previous?.originalTransactionNumber ?? number,
      productId: product.id, productType: .autoRenewable, quantity: 1, purchaseDate: purchaseDate,
      originalPurchaseDate: previous?.originalPurchaseDate ?? purchaseDate, charged: price(of: product),
      storefront: storefront.id, reason: .purchase)
    let state =
      previous
      ?? SubscriptionState(
        accountName: account.name, group: group, record: record, index: account.history.count)
    account.subscriptions[group] = state
    state.renewals = 0
    state.offer = offer
    state.offerPeriodsLeft = offer.map { $0.mode == .payUpFront ? 0 : $0.numberOfPeriods - 1 } ?? 0
    state.autoRenewProductId = product.id
    state.isAutoRenewOn = true
    state.pendingExpirationIntent = nil
    state.priceConsent = .none
    state.pendingOffer = nil
    beginTerm(of: state, plan: billingPlan, product: product, at: purchaseDate)
    startPeriod(of: state, product: product, record: &record, account: account)
    publish(event.kind, event.subtype, account: account, transactionNumber: record.transactionNumber)
    shareWithFamily(record, purchaser: account)
    return record
  }

  /// Fills in a period's terms (length, price, offer flags), records it and schedules its end.
  func startPeriod(
    of state: SubscriptionState, product: Product, record: inout PurchaseRecord, account: Account
  ) {
    let period = product.subscription!.period
    var span = timeRate.span(of: period)
    if let offer = state.offer {
      let unit = timeRate.span(of: offer.period)
      span =
        offer.mode == .payUpFront
        ? TimeSpan(months: unit.months * offer.numberOfPeriods, seconds: unit.seconds * offer.numberOfPeriods)
        : unit
      record.charged = Price(amount: offer.price, currency: record.charged.currency)
      record.isTrialPeriod = offer.mode == .freeTrial
      record.isInIntroOfferPeriod = offer.kind == .introductory && offer.mode != .freeTrial
      record.offer = offer.reference
    }
    record.expiresDate = VirtualClock.addingUpToLatest(span, to: record.purchaseDate)
    applyBillingPlan(of: state, product: product, to: &record)
    record.webOrderLineItemNumber = makeWebOrderLineItemNumber()
    state.productId = product.id
    state.expiresDate = record.expiresDate!
    state.phase = .active
    state.generation += 1
    state.latestIndex = account.append(record)
    scheduler.schedule(
      ScheduledEvent(kind: .periodEnd, subscription: state, account: account, generation: state.generation),
      at: state.expiresDate)
    logCharge(record, account: account)
  }

  private func changePlan(
    of state: SubscriptionState, to product: Product, account: Account, offer: Offer?,
    billingPlan: BillingPlan.Kind?
  ) -> PurchaseRecord {
    let current = account.history[state.latestIndex]
    guard product.id != state.productId else {
      if let offer {
        redeemAtNextRenewal(offer, on: state, account: account, subtype: nil)
      } else if state.autoRenewProductId != product.id {
        state.autoRenewProductId = product.id
        state.pendingOffer = nil
        report("planChange", "\(product.id): the pending change of plan is cancelled")
        publish(.didChangeRenewalPref, account: account, subscription: state)
      } else {
        report("alreadySubscribed", "\(product.id) until \(Timestamp.iso8601(state.expiresDate)): no charge")
      }
      return current
    }
    guard let currentProduct = catalog.product(state.productId)?.subscription,
      let terms = product.subscription
    else { return current }
    let immediate =
      terms.level < currentProduct.level
      || (terms.level == currentProduct.level && terms.period == currentProduct.period)
    guard immediate else {
      state.autoRenewProductId = product.id
      state.pendingOffer = nil
      report(
        "planChange",
        "\(state.productId) → \(product.id) at the next renewal, \(Timestamp.iso8601(state.expiresDate))",
        [
          .init("from", state.productId), .init("to", product.id),
          .init("effective", Timestamp.iso8601(state.expiresDate)),
        ])
      if let offer {
        redeemAtNextRenewal(offer, on: state, account: account, subtype: .downgrade)
      } else {
        publish(.didChangeRenewalPref, .downgrade, account: account, subscription: state)
      }
      return current
    }
    let replaced = state.productId
    report(
      "upgrade", "\(replaced) → \(product.id) now", [.init("from", replaced), .init("to", product.id)])
    refundUnusedTime(of: state, account: account)
    let record = subscribeAgain(state, to: product, account: account, offer: offer, billingPlan: billingPlan)
    listener?.store(self, didEndAccessTo: replaced, for: account, because: .upgraded(to: product.id))
    return record
  }

  private func subscribeAgain(
    _ state: SubscriptionState, to product: Product, account: Account, offer: Offer?,
    billingPlan: BillingPlan.Kind?
  ) -> PurchaseRecord {
    state.phase = .expired(nil)
    // A change of plan is no new subscription: the App Store gives no introductory offer to an
    // upgrade, whatever `isEligibleForIntroOffer` says (Superwall-iOS PR #480 reports a customer
    // charged at once for an upgrade the paywall had shown with a trial).
    return subscribe(
      to: product, account: account, continuing: state, offer: offer,
      announcing: (offer == nil ? .didChangeRenewalPref : .offerRedeemed, .upgrade), introductoryOffer: false,
      billingPlan: billingPlan)
  }

  /// A promotional offer redeemed on an active subscription without an upgrade: it applies from the
  /// next renewal (`OFFER_REDEEMED`, with `DOWNGRADE` when that renewal changes the product).
  private func redeemAtNextRenewal(
    _ offer: Offer, on state: SubscriptionState, account: Account, subtype: ServerEvent.Subtype?
  ) {
    state.pendingOffer = offer
    report(
      "offerRedeemed",
      "\(offer.id ?? "offer") on \(state.autoRenewProductId) from the next renewal, \(Timestamp.iso8601(state.expiresDate))",
      [.init("offer", offer.id ?? ""), .init("product", state.autoRenewProductId)])
    publish(.offerRedeemed, subtype, account: account, subscription: state)
  }

  /// Marks the current period upgraded and refunds the unused share of what it cost.
  private func refundUnusedTime(of state: SubscriptionState, account: Account) {
    let now = clock.now
    account.update(at: state.latestIndex) { record in
      let refund = record.unusedShare(at: now)
      record.isUpgraded = true
      record.cancellationDate = now
      record.refunded = refund
      report(
        "refund", "\(refund) for the unused time of \(record.productId) (upgraded)",
        [.init("amount", refund.amount.description), .init("transactionId", record.transactionId)])
    }
  }
}
