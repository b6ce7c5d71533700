import Catalog
import Foundation
import Vocabulary

extension Store {
  /// One month, the length of each billing of a commitment billed monthly.
  static let commitmentBillingPeriod = SubscriptionPeriod(value: 1, unit: .month)

  /// A product's enabled billing plan of a kind.
  func billingPlan(_ kind: BillingPlan.Kind, of product: Product) -> BillingPlan? {
    product.subscription?.billingPlans.first { $0.kind == kind && $0.isEnabled }
  }

  /// Why a product cannot be bought with a billing plan, or `nil` when it can: the catalog gives the
  /// product an enabled plan of that kind, and a monthly plan spans whole months.
  func billingPlanRefusal(_ kind: BillingPlan.Kind, of product: Product) -> String? {
    guard billingPlan(kind, of: product) != nil else {
      let offered = product.subscription?.billingPlans.filter(\.isEnabled).map(\.kind.rawValue) ?? []
      return "\(product.id) has no \(kind.rawValue) billing plan"
        + (offered.isEmpty ? "" : " (it has \(offered.joined(separator: ", ")))")
    }
    guard kind == .monthly else { return nil }
    guard let months = product.subscription?.period.calendarComponents.months, months > 1 else {
      return "\(product.id) renews every \(product.subscription?.period.iso8601 ?? "?"): "
        + "a monthly plan needs a period of several months"
    }
    return nil
  }

  /// Starts a subscription's term under a billing plan (or none) at `date`: a monthly plan opens a
  /// commitment of one billing per month of the product's period.
  func beginTerm(of state: SubscriptionState, plan: BillingPlan.Kind?, product: Product, at date: Date) {
    let usable = plan.flatMap { billingPlanRefusal($0, of: product) == nil ? $0 : nil }
    state.billingPlan = usable
    state.renewalBillingPlan = usable
    state.commitment = nil
    guard usable == .monthly, let terms = product.subscription, let plan = billingPlan(.monthly, of: product)
    else { return }
    let currency = price(of: product).currency
    state.commitment = Commitment(
      startDate: date, expiresDate: VirtualClock.addingUpToLatest(timeRate.span(of: terms.period), to: date),
      periodNumber: 1, totalPeriods: terms.period.calendarComponents.months,
      price: Price(amount: plan.commitmentPrice, currency: currency))
  }

  /// Fills in a billing's terms under the subscription's billing plan: a commitment's billing costs
  /// the monthly price and ends a whole number of months after the commitment began (a month after
  /// it was charged when billing retry delayed it past that), its last billing with the commitment;
  /// a term billed up front costs the plan's price.
  func applyBillingPlan(of state: SubscriptionState, product: Product, to record: inout PurchaseRecord) {
    guard let kind = state.billingPlan, let plan = billingPlan(kind, of: product) else { return }
    record.billingPlan = kind
    record.charged = Price(amount: plan.price, currency: record.charged.currency)
    guard let commitment = state.commitment else { return }
    record.commitment = commitment
    let month = timeRate.span(of: Self.commitmentBillingPeriod)
    let n = commitment.periodNumber
    let onSchedule =
      commitment.hasBillingsLeft
      ? VirtualClock.addingUpToLatest(
        TimeSpan(months: month.months * n, seconds: month.seconds * n), to: commitment.startDate)
      : commitment.expiresDate
    record.expiresDate =
      onSchedule > record.purchaseDate
      ? onSchedule : VirtualClock.addingUpToLatest(month, to: record.purchaseDate)
  }

  /// Moves a subscription to its next billing at a renewal: the commitment's next month while it
  /// has billings left, else a new term under ``SubscriptionState/renewalBillingPlan``.
  func advanceBillingPlan(of state: SubscriptionState, product: Product, at date: Date) {
    if let commitment = state.commitment, commitment.hasBillingsLeft {
      state.commitment = commitment.next
    } else if state.billingPlan != nil {
      beginTerm(of: state, plan: state.renewalBillingPlan, product: product, at: date)
    }
  }

  /// The plan and price of a subscription's next billing: the commitment's next month while the
  /// customer is committed to it, else the first billing of the next term.
  ///
  /// - Returns: `nil` when the catalog no longer has the product.
  public func nextBilling(of state: SubscriptionState) -> (plan: BillingPlan.Kind?, price: Price)? {
    guard state.isCommittedToNextBilling else { return nextTermBilling(of: state) }
    return billing(of: state.productId, under: state.billingPlan)
  }

  /// The plan and price of the first billing of a subscription's next term (after its commitment):
  /// ``SubscriptionState/autoRenewProductId`` under ``SubscriptionState/renewalBillingPlan``, at the
  /// regular price when the product has no such plan.
  ///
  /// - Returns: `nil` when the catalog no longer has the product.
  public func nextTermBilling(of state: SubscriptionState) -> (plan: BillingPlan.Kind?, price: Price)? {
    billing(of: state.autoRenewProductId, under: state.billingPlan == nil ? nil : state.renewalBillingPlan)
  }

  private func billing(
    of productId: String, under kind: BillingPlan.Kind?
  ) -> (
    plan: BillingPlan.Kind?, price: Price
  )? {
    guard let product = catalog.product(productId) else { return nil }
    let regular = price(of: product)
    guard let kind, let plan = billingPlan(kind, of: product) else { return (nil, regular) }
    return (kind, Price(amount: plan.price, currency: regular.currency))
  }

  /// The words `subscriptions` and `status` show for a commitment: `month 3 of 12, commitment ends
  /// 2027-01-01T00:00:00Z`, with what happens at its end.
  public static func commitmentWords(_ state: SubscriptionState) -> String? {
    guard let commitment = state.commitment else { return nil }
    return "month \(commitment.periodNumber) of \(commitment.totalPeriods), commitment ends "
      + "\(Timestamp.iso8601(commitment.expiresDate)), \(afterCommitmentWords(state))"
  }

  private static func afterCommitmentWords(_ state: SubscriptionState) -> String {
    guard state.isAutoRenewOn else { return "then ends (auto-renew off)" }
    switch state.renewalBillingPlan {
    case .monthly: return "then a new commitment billed monthly"
    case .billedUpFront: return "then renews billed up front"
    case nil: return "then renews at the regular price"
    }
  }
}
