import Foundation

extension Product.SubscriptionInfo {
  /// What happens at a subscription's next renewal, as the App Store signed it. Two renewal infos
  /// are equal when their JSON is.
  public struct RenewalInfo: Equatable, Hashable, CustomDebugStringConvertible, Sendable, _SignedStoreValue {
    /// The original transaction of the subscription.
    public let originalTransactionID: UInt64
    /// The product the customer has now.
    public let currentProductID: String
    /// Whether the subscription renews.
    public let willAutoRenew: Bool
    /// The product the subscription renews as.
    public let autoRenewPreference: String?
    /// Why the subscription expired, once it has.
    public let expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason?
    /// Whether the customer agreed to a price increase.
    public let priceIncreaseStatus: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus
    /// Whether the App Store is retrying a failed renewal.
    public let isInBillingRetry: Bool
    /// When the billing grace period ends.
    public let gracePeriodExpirationDate: Date?
    /// The offer the next renewal is in.
    public let offer: Transaction.Offer?
    /// The server environment.
    public let environment: AppStore.Environment
    /// The win-back offers the customer may redeem, best first.
    public let eligibleWinBackOfferIDs: [String]
    /// The device's check value (see ``Transaction/deviceVerification``).
    public let deviceVerification: Data
    /// The nonce in ``deviceVerification``.
    public let deviceVerificationNonce: UUID
    /// When the App Store signed it.
    public let signedDate: Date
    /// The UUID your server gave the customer's account, if any.
    public let appAccountToken: UUID?
    /// The earliest start of the subscription, ignoring lapses under 60 days.
    public let recentSubscriptionStartDate: Date
    /// When the subscription renews.
    public let renewalDate: Date?
    /// What the next renewal costs.
    public let renewalPrice: Decimal?
    /// The currency of ``renewalPrice``.
    public let currency: Locale.Currency?
    /// The app's download transaction.
    public let appTransactionID: String
    /// What happens when the current 12-month commitment ends (iOS 26.4).
    public let commitmentInfo: Product.SubscriptionInfo.RenewalInfo.CommitmentInfo?
    /// How the next renewal is billed, for a subscription bought with a billing plan (iOS 26.4).
    public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType?
    package let signed: SignedValue

    /// The renewal info's JSON, as signed.
    public var jsonRepresentation: Data { signed.payloadJSON }

    /// The JSON text.
    public var debugDescription: String { String(decoding: signed.payloadJSON, as: UTF8.self) }

    /// The offer's identifier.
    @available(*, deprecated, message: "use offer.id")
    public var offerID: String? { offer?.id }

    /// The offer's type.
    @available(*, deprecated, message: "use offer.type")
    public var offerType: Transaction.OfferType? { offer?.type }

    /// The offer's payment mode, as text.
    @available(*, deprecated, message: "use offer.paymentMode")
    public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

    /// The offer's period in ISO 8601.
    @available(*, deprecated, message: "use offer.period")
    public var offerPeriodStringRepresentation: String? { offer?.period?.debugDescription }

    /// The environment, as text.
    @available(*, deprecated, message: "use environment")
    public var environmentStringRepresentation: String { environment.rawValue }

    /// The currency's code.
    @available(*, deprecated, message: "use currency.identifier")
    public var currencyCode: String? { currency?.identifier }

    /// Compares the JSON, as StoreKit does.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.signed.payloadJSON == rhs.signed.payloadJSON }

    /// Hashes the JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(signed.payloadJSON) }

    /// The compact JWS (for ``VerificationResult``'s JWS accessors).
    public var _compactJWS: String { signed.compact }

    /// Why a subscription expired: an open set, as in StoreKit.
    public struct ExpirationReason: RawRepresentable, Equatable, Hashable, Sendable {
      /// The reason's number, as the App Store writes `expirationIntent`.
      public let rawValue: Int

      /// Creates a reason from its number.
      public init(rawValue: Int) {
        self.rawValue = rawValue
      }

      /// The customer turned auto-renew off.
      public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
      /// Billing failed.
      public static let billingError = ExpirationReason(rawValue: 2)
      /// The customer did not agree to a price increase.
      public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
      /// The product was not for sale at renewal.
      public static let productUnavailable = ExpirationReason(rawValue: 4)
      /// Another reason.
      public static let unknown = ExpirationReason(rawValue: 5)

      /// The reason's name for people.
      public var localizedDescription: String {
        switch self {
        case .autoRenewDisabled: "Auto-Renew Disabled"
        case .billingError: "Billing Error"
        case .didNotConsentToPriceIncrease: "Did Not Consent To Price Increase"
        case .productUnavailable: "Product Unavailable"
        default: "Unknown"
        }
      }
    }

    /// Whether the customer agreed to a price increase.
    @frozen public enum PriceIncreaseStatus: Equatable, Hashable, Sendable {
      /// No increase waits.
      case noIncreasePending
      /// The customer has not answered.
      case pending
      /// The customer agreed (or needed not).
      case agreed

      /// The status's name for people.
      public var localizedDescription: String {
        switch self {
        case .noIncreasePending: "No Increase Pending"
        case .pending: "Pending"
        case .agreed: "Agreed"
        }
      }
    }
  }
}
