import Foundation
import Verifier

extension Product {
  /// `Product.SubscriptionInfo`.
  public struct SubscriptionInfo: Sendable, Hashable {
    /// The subscription group.
    public let subscriptionGroupID: String
    /// The period, as an ISO 8601 duration (`P1M`).
    public let subscriptionPeriod: String

    /// `Product.SubscriptionInfo.RenewalState`: only `subscribed` and `inGracePeriod` entitle.
    public enum RenewalState: String, Sendable, Hashable {
      case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
    }

    /// `Product.SubscriptionInfo.RenewalInfo`, the parts tests read.
    public struct RenewalInfo: Sendable, Hashable {
      /// The original transaction id.
      public let originalTransactionID: UInt64
      /// The product the subscription renews as.
      public let autoRenewPreference: String
      /// Whether it renews.
      public let willAutoRenew: Bool
      /// Whether Apple retries a failed renewal.
      public let isInBillingRetry: Bool
      /// When the grace period ends.
      public let gracePeriodExpirationDate: Date?
      /// When it renews.
      public let renewalDate: Date?

      init(_ info: JWSRenewalInfoDecodedPayload) {
        originalTransactionID = info.originalTransactionId.flatMap(UInt64.init) ?? 0
        autoRenewPreference = info.autoRenewProductId ?? ""
        willAutoRenew = info.autoRenewStatus == .on
        isInBillingRetry = info.isInBillingRetryPeriod == true
        gracePeriodExpirationDate = info.gracePeriodExpiresDate
        renewalDate = info.renewalDate
      }
    }

    /// `Product.SubscriptionInfo.Status`.
    public struct Status: Sendable {
      /// The state.
      public let state: RenewalState
      /// The latest transaction.
      public let transaction: VerificationResult<Transaction>
      /// The renewal info.
      public let renewalInfo: RenewalInfo
    }

    /// `product.subscription?.status`: the statuses of the group.
    public var status: [Status] {
      get async throws { try await TestStore.required().statuses(group: subscriptionGroupID) }
    }

    /// `Product.SubscriptionInfo.status(for:)`.
    public static func status(for groupID: String) async throws -> [Status] {
      try await TestStore.required().statuses(group: groupID)
    }
  }
}
