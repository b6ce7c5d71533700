import Foundation

extension Product {
  /// A subscription offer: introductory, promotional or win-back.
  public struct SubscriptionOffer: Equatable, Hashable, Sendable {
    /// The offer's identifier; `nil` for the introductory offer.
    public let id: String?
    /// Which kind of offer.
    public let type: Product.SubscriptionOffer.OfferType
    /// The price of one period (the whole offer when paid up front).
    public let price: Decimal
    /// The price as the App Store shows it.
    public let displayPrice: String
    /// How long one of the offer's periods lasts.
    public let period: Product.SubscriptionPeriod
    /// How many periods the offer lasts.
    public let periodCount: Int
    /// How the customer pays.
    public let paymentMode: Product.SubscriptionOffer.PaymentMode

    package init(
      id: String?, type: Product.SubscriptionOffer.OfferType, price: Decimal, displayPrice: String,
      period: Product.SubscriptionPeriod, periodCount: Int, paymentMode: Product.SubscriptionOffer.PaymentMode
    ) {
      self.id = id
      self.type = type
      self.price = price
      self.displayPrice = displayPrice
      self.period = period
      self.periodCount = periodCount
      self.paymentMode = paymentMode
    }

    /// The kind of a subscription offer: an open set, as in StoreKit.
    public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
      /// The kind's name.
      public let rawValue: String

      /// Creates a kind from its name.
      public init(rawValue: String) {
        self.rawValue = rawValue
      }

      /// For new subscribers of the group.
      public static let introductory = OfferType(rawValue: "introductory")
      /// Signed by your server, for chosen customers.
      public static let promotional = OfferType(rawValue: "promotional")
      /// For customers whose subscription lapsed.
      public static let winBack = OfferType(rawValue: "winBack")

      /// The kind's name for people.
      public var localizedDescription: String {
        switch self {
        case .introductory: "Introductory"
        case .promotional: "Promotional"
        case .winBack: "Win-Back"
        default: rawValue
        }
      }
    }

    /// How the customer pays for an offer: an open set, as in StoreKit.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// The mode's name.
      public let rawValue: String

      /// Creates a mode from its name.
      public init(rawValue: String) {
        self.rawValue = rawValue
      }

      /// A discounted price each period.
      public static let payAsYouGo = PaymentMode(rawValue: "PayAsYouGo")
      /// One discounted price for the whole offer.
      public static let payUpFront = PaymentMode(rawValue: "PayUpFront")
      /// Free.
      public static let freeTrial = PaymentMode(rawValue: "FreeTrial")

      /// The mode's name for people.
      public var localizedDescription: String {
        switch self {
        case .payAsYouGo: "Pay As You Go"
        case .payUpFront: "Pay Up Front"
        case .freeTrial: "Free Trial"
        default: rawValue
        }
      }
    }

    /// A promotional offer's legacy signature, as your server made it.
    @available(*, deprecated, message: "use promotionalOffer(_:compactJWS:)")
    public struct Signature: Equatable, Hashable, Sendable {
      /// The In-App Purchase key's identifier.
      public var keyID: String
      /// The nonce the signature covers.
      public var nonce: UUID
      /// When it was signed, in milliseconds since 1970.
      public var timestamp: Int
      /// The signature's DER bytes.
      public var signature: Data

      /// Creates a signature.
      public init(keyID: String, nonce: UUID, timestamp: Int, signature: Data) {
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
      }
    }
  }
}
