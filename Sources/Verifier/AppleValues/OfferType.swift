/// The kind of offer a transaction or renewal uses.
///
/// The typed view of `offerType` of transactions and renewal info; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum OfferType: Int32, Hashable, Sendable, Codable, CaseIterable {
  /// An introductory offer.
  case introductoryOffer = 1
  /// A promotional offer.
  case promotionalOffer = 2
  /// An offer code.
  case subscriptionOfferCode = 3
  /// A win-back offer.
  case winBackOffer = 4
}
