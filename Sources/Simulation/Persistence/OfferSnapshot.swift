import Catalog

/// A subscription offer in a saved world, as the catalog format writes offers.
struct OfferSnapshot: Codable, Hashable {
  var id: String?
  var type: String
  var period: String
  var periods: Int
  var price: String
  /// The kind as the signed transaction's `offerType` (3 code, 4 win-back); left out where the
  /// identifier tells (none: introductory; one: promotional), as worlds saved before offer codes.
  var offerType: Int?

  init(_ offer: Offer) {
    id = offer.id
    type = offer.mode.rawValue
    period = offer.period.iso8601
    periods = offer.numberOfPeriods
    price = "\(offer.price)"
    if offer.kind == .code || offer.kind == .winBack { offerType = offer.kind.rawValue }
  }

  func offer(at path: String) throws(WorldFileError) -> Offer {
    guard let parsedPeriod = SubscriptionPeriod(iso8601: period) else {
      throw WorldFileError(path: path + ".period", reason: "\"\(period)\" is not a period such as P1M")
    }
    return Offer(
      id: id, kind: try SnapshotPath.parse(optional: offerType, as: Offer.Kind.self, at: path + ".offerType"),
      mode: try SnapshotPath.parse(type, as: Offer.PaymentMode.self, at: path + ".type"),
      period: parsedPeriod, numberOfPeriods: periods,
      price: try SnapshotPath.decimal(price, at: path + ".price"))
  }
}
