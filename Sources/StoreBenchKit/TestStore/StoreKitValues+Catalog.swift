import Catalog
import Simulation

extension Product.SubscriptionOffer {
  /// A catalog offer, priced in the storefront's currency.
  init(_ offer: Offer, currency: String) {
    let type: OfferType =
      switch offer.kind {
      case .introductory: .introductory
      case .promotional, .code: .promotional
      case .winBack: .winBack
      }
    let mode: PaymentMode =
      switch offer.mode {
      case .freeTrial: .freeTrial
      case .payAsYouGo: .payAsYouGo
      case .payUpFront, .oneTime: .payUpFront
      }
    self.init(
      id: offer.kind == .introductory ? nil : offer.id, type: type, price: offer.price,
      displayPrice: Price(amount: offer.price, currency: currency).formatted,
      period: Product.SubscriptionPeriod(iso8601: offer.period.iso8601) ?? .monthly,
      periodCount: offer.numberOfPeriods, paymentMode: mode)
  }
}

extension Product.SubscriptionInfo.RenewalState {
  /// The state of the world's subscription.
  init(_ state: Simulation.RenewalState) {
    switch state {
    case .subscribed: self = .subscribed
    case .expired: self = .expired
    case .inBillingRetryPeriod: self = .inBillingRetryPeriod
    case .inGracePeriod: self = .inGracePeriod
    case .revoked: self = .revoked
    }
  }
}

extension VerificationResult.VerificationError {
  /// The case of the world's verification error (the same names).
  init(_ error: Simulation.VerificationError) {
    self = Self.allCases.first { "\($0)" == error.rawValue } ?? .invalidSignature
  }
}

extension Simulation.VerificationError {
  /// The world's case of a StoreKit verification error (the same names).
  init(_ error: VerificationResult<Transaction>.VerificationError) {
    self = Self(rawValue: "\(error)") ?? .invalidSignature
  }
}
