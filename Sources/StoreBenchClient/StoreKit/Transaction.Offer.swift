extension Transaction {
  /// The offer a transaction was bought in.
  public struct Offer: Equatable, Hashable, Sendable {
    /// The offer's identifier (an offer code's reference name); `nil` for an introductory offer.
    public let id: String?
    /// The kind of offer.
    public let type: Transaction.OfferType
    /// How the customer pays.
    public let paymentMode: Transaction.Offer.PaymentMode?
    /// How long the offer lasts.
    public let period: Product.SubscriptionPeriod?

    package init(
      id: String?, type: Transaction.OfferType, paymentMode: Transaction.Offer.PaymentMode?,
      period: Product.SubscriptionPeriod?
    ) {
      self.id = id
      self.type = type
      self.paymentMode = paymentMode
      self.period = period
    }

    /// How the customer pays for an offer: an open set.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// The mode's name, as the App Store writes `offerDiscountType`.
      public let rawValue: String

      /// Creates a mode from its name.
      public init(rawValue: String) {
        self.rawValue = rawValue
      }

      /// Free.
      public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
      /// A discounted price each period.
      public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
      /// One discounted price for the whole offer.
      public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
      /// A one-time price (offer codes for one-time purchases).
      public static var oneTime: PaymentMode { PaymentMode(rawValue: "ONE_TIME") }
    }
  }
}
