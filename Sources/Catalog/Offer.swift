import Foundation

/// A subscription discount: an introductory offer for new subscribers, a promotional offer for
/// existing and lapsed ones, the terms of an offer code, or a win-back offer for churned subscribers.
public struct Offer: Hashable, Sendable, CustomStringConvertible {
  /// Which of the App Store's four kinds of offer it is; the raw value is the signed transaction's
  /// `offerType`.
  public enum Kind: Int, CaseIterable, Hashable, Sendable {
    /// Once per subscription group per customer, with no identifier (`offerType` 1).
    case introductory = 1
    /// Bought with an offer identifier and the developer's signature (`offerType` 2).
    case promotional = 2
    /// Redeemed with an offer code; its identifier is the code offer's reference name (`offerType` 3).
    case code = 3
    /// For churned subscribers, by offer identifier (`offerType` 4).
    case winBack = 4

    /// Words for people: `introductory`, `promotional`, `code`, `win-back`.
    public var name: String {
      switch self {
      case .introductory: "introductory"
      case .promotional: "promotional"
      case .code: "code"
      case .winBack: "win-back"
      }
    }
  }

  /// How the customer pays during the offer, as App Store Connect names the three kinds.
  public enum PaymentMode: String, CaseIterable, Hashable, Sendable {
    /// Nothing to pay for `numberOfPeriods` periods.
    case freeTrial = "free-trial"
    /// A reduced price charged each period, for `numberOfPeriods` periods.
    case payAsYouGo = "pay-as-you-go"
    /// A reduced price charged once for the whole offer duration.
    case payUpFront = "pay-up-front"
    /// A one-time price for a product that is not an auto-renewable subscription (an offer code for
    /// a consumable, a non-consumable or a non-renewing subscription; `offerDiscountType` `ONE_TIME`).
    case oneTime = "one-time"

    /// The modes of a subscription offer: every mode but one-time.
    public static var subscriptionModes: [PaymentMode] { allCases.filter { $0 != .oneTime } }

    /// The name Xcode's StoreKit configuration files give the mode (`paymentMode`).
    public var xcodeName: String {
      switch self {
      case .freeTrial: "free"
      case .payAsYouGo: "payAsYouGo"
      case .payUpFront: "payUpFront"
      case .oneTime: "oneTime"
      }
    }
  }

  /// Which kind of offer it is.
  public var kind: Kind
  /// The offer identifier (an offer code's reference name); `nil` for an introductory offer.
  public var id: String?
  /// How the customer pays.
  public var mode: PaymentMode
  /// The length of one offer period; for a one-time offer, one day, and never shown.
  public var period: SubscriptionPeriod
  /// How many offer periods before the regular price applies.
  public var numberOfPeriods: Int
  /// What is charged per period (pay as you go) or once (pay up front); zero for a free trial.
  public var price: Decimal

  /// Creates an offer: of `kind`, or without one, introductory when it has no identifier and
  /// promotional when it has one.
  public init(
    id: String? = nil, kind: Kind? = nil, mode: PaymentMode, period: SubscriptionPeriod, numberOfPeriods: Int,
    price: Decimal
  ) {
    self.id = id
    self.kind = kind ?? (id == nil ? .introductory : .promotional)
    self.mode = mode
    self.period = period
    self.numberOfPeriods = numberOfPeriods
    self.price = price
  }

  /// The kind and identifier, for every kind but introductory offers, which have no identifier.
  public var reference: OfferReference? {
    guard kind != .introductory, let id else { return nil }
    return OfferReference(kind: kind, id: id)
  }

  /// One-time terms for a product that does not renew: `price` once.
  public static func oneTime(kind: Kind, id: String?, price: Decimal) -> Offer {
    Offer(
      id: id, kind: kind, mode: .oneTime, period: SubscriptionPeriod(value: 1, unit: .day),
      numberOfPeriods: 1,
      price: price)
  }

  /// How long the whole offer lasts: one period times their number (`offerPeriod`, Apple's table:
  /// 1 month once is `P1M`, 1 month twice `P2M`, 3 days once `P3D`).
  public var duration: SubscriptionPeriod {
    SubscriptionPeriod(value: period.value * numberOfPeriods, unit: period.unit)
  }

  /// Words for people, such as `1 week free trial` or `3 months at 0.99 each`.
  public var description: String {
    switch mode {
    case .freeTrial:
      return "\(numberOfPeriods == 1 ? period.description : "\(numberOfPeriods) × \(period)") free trial"
    case .payAsYouGo:
      return "\(numberOfPeriods) × \(period) at \(Price.plain(price, decimals: 2)) each"
    case .payUpFront:
      return "\(period) for \(Price.plain(price, decimals: 2)) up front"
    case .oneTime:
      return price == 0 ? "free" : "\(Price.plain(price, decimals: 2)) once"
    }
  }
}
