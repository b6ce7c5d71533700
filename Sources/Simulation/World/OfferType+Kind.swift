import Catalog
import Verifier

extension OfferType {
  /// The signed data's `offerType` of a kind of offer.
  init(_ kind: Offer.Kind) {
    switch kind {
    case .introductory: self = .introductoryOffer
    case .promotional: self = .promotionalOffer
    case .code: self = .subscriptionOfferCode
    case .winBack: self = .winBackOffer
    }
  }
}
