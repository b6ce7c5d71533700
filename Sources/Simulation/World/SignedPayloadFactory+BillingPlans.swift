import Catalog
import Foundation
import Store
import Verifier

extension SignedPayloadFactory {
  /// A transaction bought or renewed under a billing plan carries `billingPlanType`, and in a
  /// commitment billed monthly `commitmentInfo` (which billing of how many, when the commitment
  /// ends, what it costs in all); other transactions carry neither.
  func addBillingPlan(of record: PurchaseRecord, to payload: inout JWSTransactionDecodedPayload) {
    guard let plan = record.billingPlan else { return }
    payload.billingPlanType = BillingPlanType(rawValue: plan.rawValue)
    guard let commitment = record.commitment else { return }
    payload.commitmentInfo = TransactionCommitmentInfo(
      billingPeriodNumber: commitment.periodNumber, commitmentExpiresDate: commitment.expiresDate,
      commitmentPrice: Self.milliunits(commitment.price.amount), totalBillingPeriods: commitment.totalPeriods)
  }

  /// Renewal info of a subscription bought with a billing plan: `renewalBillingPlanType` and
  /// `renewalPrice` of the next billing (the commitment's next month while the customer is
  /// committed, whatever auto-renew says), and in a commitment `commitmentInfo`: whether a new
  /// commitment starts at its end (`commitmentAutoRenewStatus`, the customer's auto-renew choice),
  /// for which product, billed how, when and at what first price.
  func addBillingPlan(of state: SubscriptionState, to payload: inout JWSRenewalInfoDecodedPayload) {
    guard state.billingPlan != nil, state.isLive else { return }
    if let next = store.nextBilling(of: state) {
      payload.renewalBillingPlanType = next.plan.flatMap { RenewalBillingPlanType(rawValue: $0.rawValue) }
      payload.currency = next.price.currency
      payload.renewalPrice = Self.milliunits(next.price.amount)
    }
    guard let commitment = state.commitment else { return }
    let term = store.nextTermBilling(of: state)
    payload.commitmentInfo = RenewalCommitmentInfo(
      commitmentAutoRenewProductId: state.autoRenewProductId,
      commitmentAutoRenewStatus: state.isAutoRenewOn ? .on : .off,
      commitmentRenewalBillingPlanType: term?.plan.flatMap { RenewalBillingPlanType(rawValue: $0.rawValue) },
      commitmentRenewalDate: commitment.expiresDate,
      commitmentRenewalPrice: term.map { Self.milliunits($0.price.amount) })
  }
}
