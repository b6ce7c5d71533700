import Foundation

/// A subscription discount: an introductory offer for new subscribers or a promotional offer for
/// existing and lapsed ones.
public struct Offer: Hashable, Sendable, CustomStringConvertible {
  /// How the customer pays during the offer, as App Store Connect names the three kinds.
  public enum PaymentMode: String, CaseIterable, Hashable, Sendable {
    /// Nothing to pay for `numberOfPeriods` periods.
    case freeTrial = "free-trial"
    /// A reduced price charged each period, for `numberOfPeriods` periods.
    case payAsYouGo = "pay-as-you-go"
    /// A reduced price charged once for the whole offer duration.
    case payUpFront = "pay-up-front"

    /// The name Xcode's StoreKit configuration files give the mode (`paymentMode`).
    public var xcodeName: String {
      switch self {
      case .freeTrial: "free"
      case .payAsYouGo: "payAsYouGo"
      case .payUpFront: "payUpFront"
      }
    }
  }

  /// The promotional offer identifier; `nil` for an introductory offer.
  public var id: String?
  /// How the customer pays.
  public var mode: PaymentMode
  /// The length of one offer period.
  public var period: SubscriptionPeriod
  /// How many offer periods before the regular price applies.
  public var numberOfPeriods: Int
  /// What is charged per period (pay as you go) or once (pay up front); zero for a free trial.
  public var price: Decimal

  /// Creates an offer.
  public init(
    id: String? = nil, mode: PaymentMode, period: SubscriptionPeriod, numberOfPeriods: Int, price: Decimal
  ) {
    self.id = id
    self.mode = mode
    self.period = period
    self.numberOfPeriods = numberOfPeriods
    self.price = price
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
    }
  }
}
