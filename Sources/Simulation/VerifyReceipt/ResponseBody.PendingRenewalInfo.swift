import Foundation
import JSON
import Store

extension ResponseBody {
  /// What renews next in one subscription group, in a verifyReceipt answer's
  /// `pending_renewal_info`. Apple: `responseBody.Pending_renewal_info`.
  ///
  /// Keys are Apple's, in the order Apple writes them. Every value is a string; the grace period's
  /// end comes three times (`KEY`, `KEY_ms`, `KEY_pst`; see ``AppleDate``). The products, the
  /// original transaction and `auto_renew_status` are always there; the other keys depend on the
  /// subscription's state and may be missing.
  public struct PendingRenewalInfo: Codable, Hashable, Sendable, JSONObjectWritable {
    /// `auto_renew_product_id`: the product the next renewal is for (another one after a downgrade
    /// or a crossgrade).
    public var autoRenewProductId: String
    /// `auto_renew_status`: `"1"` when the subscription renews, `"0"` when the customer turned
    /// renewal off.
    public var autoRenewStatus: String
    /// `expiration_intent`: why the subscription expired: `"1"` the customer cancelled, `"2"` a
    /// billing error, `"3"` a declined price increase, `"4"` the product was unavailable, `"5"`
    /// another reason.
    public var expirationIntent: String?
    /// `grace_period_expires_date`: when the billing grace period ends; only during it.
    public var gracePeriodExpiresDate: String?
    /// `grace_period_expires_date_ms`: the same, in milliseconds since 1970.
    public var gracePeriodExpiresDateMs: String?
    /// `grace_period_expires_date_pst`: the same, in Pacific time.
    public var gracePeriodExpiresDatePst: String?
    /// `is_in_billing_retry_period`: `"1"` while Apple retries a failed renewal, `"0"` once it has
    /// stopped.
    public var isInBillingRetryPeriod: String?
    /// `offer_code_ref_name`: the offer code's reference name, for the next renewal.
    public var offerCodeRefName: String?
    /// `original_transaction_id`: the subscription's original transaction.
    public var originalTransactionId: String
    /// `price_consent_status`: `"0"` while a price increase waits for the customer's consent, `"1"`
    /// once they consented; only when consent was asked.
    public var priceConsentStatus: String?
    /// `price_increase_status`: `"0"` the customer has not yet consented to a price increase, `"1"`
    /// they consented or were notified.
    public var priceIncreaseStatus: String?
    /// `product_id`: the product of the current period.
    public var productId: String
    /// `promotional_offer_id`: the promotional offer for the next renewal.
    public var promotionalOfferId: String?

    enum CodingKeys: String, CodingKey {
      case autoRenewProductId = "auto_renew_product_id"
      case autoRenewStatus = "auto_renew_status"
      case expirationIntent = "expiration_intent"
      case gracePeriodExpiresDate = "grace_period_expires_date"
      case gracePeriodExpiresDateMs = "grace_period_expires_date_ms"
      case gracePeriodExpiresDatePst = "grace_period_expires_date_pst"
      case isInBillingRetryPeriod = "is_in_billing_retry_period"
      case offerCodeRefName = "offer_code_ref_name"
      case originalTransactionId = "original_transaction_id"
      case priceConsentStatus = "price_consent_status"
      case priceIncreaseStatus = "price_increase_status"
      case productId = "product_id"
      case promotionalOfferId = "promotional_offer_id"
    }

    /// Writes the members in the order of Apple's answers: the one list that both
    /// ``ResponseBody/compactJSON()`` and `encode(to:)` write.
    ///
    /// - Parameter writer: The writer to write them to.
    /// - Throws: What the writer throws.
    public func writeMembers<Writer: JSONObjectWriter & ~Copyable>(to writer: inout Writer) throws {
      try writer.member(CodingKeys.autoRenewProductId.rawValue, autoRenewProductId)
      try writer.member(CodingKeys.autoRenewStatus.rawValue, autoRenewStatus)
      try writer.member(CodingKeys.expirationIntent.rawValue, expirationIntent)
      try writer.member(CodingKeys.gracePeriodExpiresDate.rawValue, gracePeriodExpiresDate)
      try writer.member(CodingKeys.gracePeriodExpiresDateMs.rawValue, gracePeriodExpiresDateMs)
      try writer.member(CodingKeys.gracePeriodExpiresDatePst.rawValue, gracePeriodExpiresDatePst)
      try writer.member(CodingKeys.isInBillingRetryPeriod.rawValue, isInBillingRetryPeriod)
      try writer.member(CodingKeys.offerCodeRefName.rawValue, offerCodeRefName)
      try writer.member(CodingKeys.originalTransactionId.rawValue, originalTransactionId)
      try writer.member(CodingKeys.priceConsentStatus.rawValue, priceConsentStatus)
      try writer.member(CodingKeys.priceIncreaseStatus.rawValue, priceIncreaseStatus)
      try writer.member(CodingKeys.productId.rawValue, productId)
      try writer.member(CodingKeys.promotionalOfferId.rawValue, promotionalOfferId)
    }

    /// The entry for an account's subscription at a moment: the grace period only while it lasts,
    /// `is_in_billing_retry_period` while retrying and after a billing error.
    ///
    /// - Parameters:
    ///   - state: The subscription in one group.
    ///   - now: When verifyReceipt answers.
    init(_ state: SubscriptionState, at now: Date) {
      autoRenewProductId = state.autoRenewProductId
      autoRenewStatus = state.isAutoRenewOn ? "1" : "0"
      expirationIntent = state.expirationIntent.map { String($0.rawValue) }
      (gracePeriodExpiresDate, gracePeriodExpiresDateMs, gracePeriodExpiresDatePst) = AppleDate.forms(
        state.gracePeriodExpiresDate.flatMap { now < $0 ? $0 : nil })
      if state.billingRetryStart != nil {
        isInBillingRetryPeriod = "1"
      } else if state.expirationIntent == .billingError {
        isInBillingRetryPeriod = "0"
      }
      originalTransactionId = String(state.originalTransactionNumber)
      switch state.priceConsent {
      case .none: priceConsentStatus = nil
      case .pending: priceConsentStatus = "0"
      case .accepted: priceConsentStatus = "1"
      }
      productId = state.productId
      let next = state.pendingOffer ?? (state.offerPeriodsLeft > 0 ? state.offer : nil)
      switch next?.reference?.kind {
      case .promotional?: promotionalOfferId = next?.id
      case .code?: offerCodeRefName = next?.id
      case .introductory?, .winBack?, nil: break
      }
    }
  }
}
