import Foundation
import Store
import Vocabulary

/// What a customer's data says about an auto-renewable subscription's next renewal: an entry of
/// `pending_renewal_info`, or a signed renewal info (JWSRenewalInfo).
public struct CustomerRenewal: Hashable, Sendable {
  /// `original_transaction_id` / `originalTransactionId`: which subscription.
  public var originalTransactionNumber: UInt64
  /// `product_id` / `productId`: the product of the current period, when shown.
  public var productId: String?
  /// `auto_renew_product_id` / `autoRenewProductId`.
  public var autoRenewProductId: String?
  /// `auto_renew_status` / `autoRenewStatus`.
  public var isAutoRenewOn: Bool?
  /// `expiration_intent` / `expirationIntent`.
  public var expirationIntent: ExpirationIntent?
  /// `is_in_billing_retry_period` / `isInBillingRetryPeriod`.
  public var isInBillingRetry: Bool?
  /// `grace_period_expires_date` / `gracePeriodExpirationDate`.
  public var gracePeriodExpiresDate: Date?
  /// `price_consent_status` / `priceIncreaseStatus`: `true` when the customer agreed, `false`
  /// when a consent request is waiting.
  public var hasConsentedToPriceIncrease: Bool?
  /// JWS `renewalDate` / `recentSubscriptionStartDate` are not kept: the transactions say it.

  /// A renewal of which only the subscription is known.
  public init(originalTransactionNumber: UInt64) {
    self.originalTransactionNumber = originalTransactionNumber
  }
}
