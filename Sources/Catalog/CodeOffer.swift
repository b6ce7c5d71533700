/// A subscription offer code (App Store Connect "offer codes", a `.storekit` file's `codeOffers`):
/// a discount customers redeem with a code rather than buy with an offer identifier.
public struct CodeOffer: Hashable, Sendable {
  /// Who may redeem it.
  public enum Eligibility: String, CaseIterable, Hashable, Sendable {
    /// Customers who never subscribed to the group.
    case new
    /// Customers subscribed now.
    case existing
    /// Customers whose subscription lapsed.
    case expired
  }

  /// The internal name, such as `Special Winter Offer`.
  public var referenceName: String
  /// What the customer pays and for how long: an offer of kind ``Offer/Kind/code`` whose
  /// identifier is the reference name.
  public var terms: Offer
  /// Who may redeem it; never empty.
  public var eligibility: [Eligibility]
  /// Whether it can be combined with an introductory offer.
  public var isStackable: Bool

  /// Creates an offer code.
  public init(referenceName: String, terms: Offer, eligibility: [Eligibility], isStackable: Bool) {
    self.referenceName = referenceName
    var terms = terms
    terms.kind = .code
    terms.id = referenceName
    self.terms = terms
    self.eligibility = eligibility
    self.isStackable = isStackable
  }
}
