/// Which offer a purchase used, when it has an identifier: a promotional offer, an offer code (by its
/// reference name, as the App Store reports it in `offerIdentifier` and `offer_code_ref_name`) or a
/// win-back offer.
public struct OfferReference: Hashable, Sendable, CustomStringConvertible {
  /// The kind of offer; never ``Offer/Kind/introductory``.
  public var kind: Offer.Kind
  /// The offer identifier, or the offer code's reference name.
  public var id: String

  /// Creates a reference.
  public init(kind: Offer.Kind, id: String) {
    self.kind = kind
    self.id = id
  }

  /// `promotional OFFER`, `code REFERENCE NAME`, `win-back OFFER`.
  public var description: String { "\(kind.name) \(id)" }
}
